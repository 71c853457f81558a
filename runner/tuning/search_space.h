// The search space of `vgdl tune`: which of an agent's options NTBEA varies, and over which
// values (Gaina's thesis §6.1 tunes RHEA's options over a few values each, Fig. 6.1).
//
// Written "p=4,6,10,20;l=8,10,14,20;mutation=uniform,1bit;shift": parameters separated by ';',
// each an option of the agent (AgentSpec::options) with its values separated by ','. A numeric
// option may give a range instead, "l=5..50" or "l=5..50/10" (10 values): every integer of a
// short integer range, else kRangeValues (or the count) points, spaced by ratio where the
// range spans two orders of magnitude above 0, else evenly. A key without values takes what
// the option declares (AgentOption::range and ::choices): {false, true} for a bool ("shift"),
// the choices of a string option ("init"), the declared range of a numeric one ("p"). Every value
// is checked by creating the agent with it (CreateAgent), so a value the agent refuses is refused
// here, with the option's name and the agent's reason (its valid range).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agents/registry.h"
#include "runner/tuning/ntbea.h"

namespace vgdl {

struct SearchParameter {
  std::string key;                  // the option's name
  std::vector<std::string> values;  // canonical (NormalizeOptionValue), in the order given
  bool declared = false;            // values taken from the option's declared domain
};

class SearchSpace {
 public:
  // Values taken from a range by default.
  static constexpr int kRangeValues = 6;

  // `agent`: the agent's spec, whose options stay fixed ("rhea" or "rhea:shift,r=5"); `text`:
  // the space as above. nullopt with `error` when the agent or the space is refused.
  static std::optional<SearchSpace> Parse(std::string_view agent, std::string_view text,
                                          std::string* error);

  const std::vector<SearchParameter>& parameters() const { return parameters_; }
  std::vector<int> Dimensions() const;
  // The canonical agent spec of a point: the fixed options and the point's values.
  std::string SpecOf(const TuningPoint& point) const;
  // Whether the agent accepts the point's combination (options that depend on each other,
  // such as rhea's elites < p, are checked only together).
  bool Accepts(const TuningPoint& point) const;
  // The agent's defaults where they are among the values, the first value elsewhere.
  TuningPoint DefaultPoint() const;
  // The point of a canonical value per parameter (a results line's "candidate"); nullopt when
  // a key is missing or a value is not in the space.
  std::optional<TuningPoint> PointOf(const std::vector<std::string>& values) const;
  // The space in canonical form: "p=4,6;shift=false,true" (what a results file records).
  std::string Describe() const;
  // Values of declared domains that were left out because no point could take them, with the
  // agent's reason, for the user to read.
  const std::vector<std::string>& notes() const { return notes_; }

 private:
  // Whether some point with parameter `parameter` at `value` is accepted by the agent.
  bool AcceptedSomewhere(size_t parameter, int value) const;

  std::string agent_name_;
  std::vector<std::pair<std::string, std::string>> fixed_;  // from the agent spec
  std::vector<SearchParameter> parameters_;
  std::vector<std::string> defaults_;             // per parameter, canonical
  mutable std::map<TuningPoint, bool> accepted_;  // Accepts' answers (not thread-safe)
  std::vector<std::string> notes_;
};

}  // namespace vgdl
