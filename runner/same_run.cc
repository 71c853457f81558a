// The checks that results files belong to one run.
#include "runner/same_run.h"

#include <map>
#include <set>

#include "agents/registry.h"

namespace vgdl {

namespace {

// "v1 (file, file), v2 (file)" for every value seen, with where it was seen.
template <typename Value, typename ToText>
std::string Sides(const std::map<Value, std::set<std::string>>& seen, ToText text) {
  std::string out;
  for (const auto& [value, where] : seen) {
    if (!out.empty()) out += ", ";
    out += text(value) + " (";
    bool first = true;
    for (const auto& w : where) {
      out += (first ? "" : ", ") + w;
      first = false;
    }
    out += ")";
  }
  return out;
}

std::string JoinGames(const std::set<std::string>& games) {
  std::string out;
  for (const auto& g : games) out += (out.empty() ? "" : " ") + g;
  return out;
}

}  // namespace

std::string RunDifferences(const std::vector<NamedResults>& files) {
  std::map<uint64_t, std::set<std::string>> run_seeds;
  std::map<std::string, std::set<std::string>> budgets;
  std::map<std::string, std::set<std::string>> games_of;  // agent -> games
  for (const auto& file : files) {
    for (const auto& r : file.results) {
      if (r.run_seed) run_seeds[*r.run_seed].insert(file.path);
      budgets[r.budget].insert(file.path);
      games_of[r.agent].insert(r.game);
    }
  }
  std::string out;
  if (run_seeds.size() > 1) {
    out += "run seeds differ: " + Sides(run_seeds, [](uint64_t s) { return std::to_string(s); }) +
           "\n";
  }
  if (budgets.size() > 1) {
    out += "budgets differ: " +
           Sides(budgets, [](const std::string& b) { return b.empty() ? "(none)" : b; }) + "\n";
  }
  std::map<std::set<std::string>, std::set<std::string>> agents_of_games;
  for (const auto& [agent, games] : games_of) agents_of_games[games].insert(AgentLabel(agent));
  if (agents_of_games.size() > 1) {
    out += "games differ: " +
           Sides(agents_of_games, [](const std::set<std::string>& g) { return JoinGames(g); }) +
           "\n";
  }
  return out;
}

}  // namespace vgdl
