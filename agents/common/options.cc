// Agent option specs: parsing "name:k=v,...", typing and canonical forms.
#include "agents/common/options.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace vgdl {

namespace {

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      const size_t substitution = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      row[j] = std::min({up + 1, row[j - 1] + 1, substitution});
      diagonal = up;
    }
  }
  return row[b.size()];
}

std::string JoinKeys(const std::vector<AgentOption>& options) {
  std::string out;
  for (const auto& o : options) {
    if (!out.empty()) out += ", ";
    out += o.key;
  }
  return out.empty() ? "(none)" : out;
}

const AgentOption* FindOption(const std::vector<AgentOption>& options, std::string_view key) {
  for (const auto& o : options) {
    if (o.key == key) return &o;
  }
  return nullptr;
}

std::optional<std::string> NormalizeBool(std::string_view value) {
  const std::string v = Lower(value);
  if (v.empty() || v == "true" || v == "1" || v == "yes" || v == "on") return "true";
  if (v == "false" || v == "0" || v == "no" || v == "off") return "false";
  return std::nullopt;
}

std::optional<std::string> NormalizeInt(std::string_view value) {
  int64_t v = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size()) {
    return std::nullopt;
  }
  return std::to_string(v);
}

std::optional<std::string> NormalizeDouble(std::string_view value) {
  double v = 0.0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (value.empty() || ec != std::errc() || end != value.data() + value.size() ||
      !std::isfinite(v)) {
    return std::nullopt;
  }
  return OptionNumberText(v);
}

}  // namespace

std::string OptionNumberText(double v) {
  char buf[64];
  // Whole numbers as integers: the shortest form of 100000 would be "1e+05".
  constexpr double kExactIntegers = 9007199254740992.0;  // 2^53
  if (v == std::trunc(v) && std::abs(v) < kExactIntegers) {
    const auto res = std::to_chars(buf, buf + sizeof(buf), static_cast<int64_t>(v));
    return std::string(buf, res.ptr);
  }
  const auto res = std::to_chars(buf, buf + sizeof(buf), v);
  return std::string(buf, res.ptr);
}

std::string_view OptionTypeName(OptionType type) {
  switch (type) {
    case OptionType::kBool:
      return "bool";
    case OptionType::kInt:
      return "int";
    case OptionType::kDouble:
      return "double";
    case OptionType::kString:
      return "string";
  }
  return "?";
}

std::optional<std::string> NormalizeOptionValue(OptionType type, std::string_view value) {
  switch (type) {
    case OptionType::kBool:
      return NormalizeBool(value);
    case OptionType::kInt:
      return NormalizeInt(value);
    case OptionType::kDouble:
      return NormalizeDouble(value);
    case OptionType::kString:
      if (value.empty()) return std::nullopt;
      return std::string(value);
  }
  return std::nullopt;
}

std::string ClosestName(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_distance = SIZE_MAX;
  const std::string w = Lower(word);
  for (const auto& c : candidates) {
    const size_t d = EditDistance(w, Lower(c));
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  const size_t plausible = std::max<size_t>(2, word.size() / 3);
  return best_distance <= plausible ? best : std::string();
}

std::optional<ParsedAgentSpec> SplitAgentSpec(std::string_view spec, std::string* error) {
  spec = Trim(spec);
  ParsedAgentSpec out;
  const size_t colon = spec.find(':');
  out.name = std::string(Trim(spec.substr(0, colon)));
  if (out.name.empty()) {
    *error = "empty agent name in '" + std::string(spec) + "'";
    return std::nullopt;
  }
  if (colon == std::string_view::npos) return out;
  auto pairs = SplitAgentOptionList(spec.substr(colon + 1), spec, error);
  if (!pairs) return std::nullopt;
  out.pairs = *std::move(pairs);
  return out;
}

std::optional<std::vector<std::pair<std::string, std::string>>> SplitAgentOptionList(
    std::string_view rest, std::string_view spec, std::string* error) {
  std::vector<std::pair<std::string, std::string>> pairs;
  while (true) {
    const size_t comma = rest.find(',');
    const std::string_view item = Trim(rest.substr(0, comma));
    if (!item.empty()) {
      const size_t eq = item.find('=');
      const std::string key(Trim(item.substr(0, eq)));
      if (key.empty()) {
        *error = "option without a name in '" + std::string(spec) + "'";
        return std::nullopt;
      }
      std::string value;
      if (eq != std::string_view::npos) {
        value = std::string(Trim(item.substr(eq + 1)));
        if (value.empty()) {
          *error = "option '" + key + "' has '=' but no value in '" + std::string(spec) + "'";
          return std::nullopt;
        }
      }
      pairs.emplace_back(key, value);
    }
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  return pairs;
}

namespace {

// Reads an option as its type, which checks it against its declared range or choices.
void ReadDeclared(const AgentOptions& options, const AgentOption& option) {
  switch (option.type) {
    case OptionType::kBool:
      options.GetBool(option.key);
      break;
    case OptionType::kInt:
      options.GetInt(option.key);
      break;
    case OptionType::kDouble:
      options.GetDouble(option.key);
      break;
    case OptionType::kString:
      options.GetString(option.key);
      break;
  }
}

}  // namespace

std::optional<std::map<std::string, std::string>> CheckAgentOptions(
    std::string_view agent_name, const std::vector<AgentOption>& options,
    const std::vector<std::pair<std::string, std::string>>& pairs, std::string* error) {
  std::map<std::string, std::string> values;
  for (const auto& [key, value] : pairs) {
    const AgentOption* option = FindOption(options, key);
    if (option == nullptr) {
      std::vector<std::string> keys;
      for (const auto& o : options) keys.push_back(o.key);
      const std::string guess = ClosestName(key, keys);
      *error = "unknown option '" + key + "' for agent '" + std::string(agent_name) + "'";
      if (!guess.empty()) *error += "; did you mean '" + guess + "'?";
      *error += " (options: " + JoinKeys(options) + ")";
      return std::nullopt;
    }
    if (values.count(key) != 0) {
      *error = "option '" + key + "' given twice for agent '" + std::string(agent_name) + "'";
      return std::nullopt;
    }
    auto normalized = NormalizeOptionValue(option->type, value);
    if (!normalized) {
      *error = value.empty()
                   ? "option '" + key + "' of agent '" + std::string(agent_name) +
                         "' needs a value (" + std::string(OptionTypeName(option->type)) + ")"
                   : "option '" + key + "' of agent '" + std::string(agent_name) + "' expects a " +
                         std::string(OptionTypeName(option->type)) + ", got '" + value + "'";
      return std::nullopt;
    }
    values.emplace(key, *std::move(normalized));
  }
  // A value outside its declared range or choices is refused here, before any agent is built,
  // so that an agent that never reads the option (a plugin's, say) cannot let it through.
  try {
    const AgentOptions checked(options, values);
    for (const auto& [key, value] : values) ReadDeclared(checked, *FindOption(options, key));
  } catch (const std::invalid_argument& e) {
    *error = "agent '" + std::string(agent_name) + "': " + e.what();
    return std::nullopt;
  }
  return values;
}

std::string OptionDomainText(const AgentOption& option) {
  if (option.range.size() == 2) {
    return "[" + OptionNumberText(option.range[0]) + ", " + OptionNumberText(option.range[1]) + "]";
  }
  std::string text;
  for (size_t i = 0; i < option.choices.size(); ++i) {
    text += (i == 0 ? "" : i + 1 == option.choices.size() ? " or " : ", ");
    text += "'" + option.choices[i] + "'";
  }
  return text;
}

// AgentOptions --------------------------------------------------------------------------------

namespace {

// The declared range (AgentOption::range) is where a value is checked, for every agent.
void CheckRange(const AgentOption& option, double v, const std::string& text) {
  if (option.range.size() != 2) return;
  if (v >= option.range[0] && v <= option.range[1]) return;
  throw std::invalid_argument(option.key + " must be in " + OptionDomainText(option) + ", not " +
                              text);
}

}  // namespace

const std::string& AgentOptions::Raw(std::string_view key) const {
  const AgentOption* option = FindOption(spec_, key);
  // Asking for an option the spec does not declare is a bug in the agent, not bad input.
  if (option == nullptr)
    throw std::invalid_argument("agent has no option '" + std::string(key) + "'");
  const auto it = values_.find(option->key);
  return it != values_.end() ? it->second : option->default_value;
}

bool AgentOptions::GetBool(std::string_view key) const {
  const auto v = NormalizeBool(Raw(key));
  if (!v) throw std::invalid_argument("option '" + std::string(key) + "' is not a bool");
  return *v == "true";
}

int64_t AgentOptions::GetInt(std::string_view key) const {
  const std::string& raw = Raw(key);
  int64_t v = 0;
  const auto [end, ec] = std::from_chars(raw.data(), raw.data() + raw.size(), v);
  if (raw.empty() || ec != std::errc() || end != raw.data() + raw.size()) {
    throw std::invalid_argument("option '" + std::string(key) + "' is not an int");
  }
  CheckRange(*FindOption(spec_, key), static_cast<double>(v), raw);
  return v;
}

double AgentOptions::GetDouble(std::string_view key) const {
  const std::string& raw = Raw(key);
  double v = 0.0;
  const auto [end, ec] = std::from_chars(raw.data(), raw.data() + raw.size(), v);
  if (raw.empty() || ec != std::errc() || end != raw.data() + raw.size()) {
    throw std::invalid_argument("option '" + std::string(key) + "' is not a number");
  }
  CheckRange(*FindOption(spec_, key), v, raw);
  return v;
}

std::string AgentOptions::GetString(std::string_view key) const {
  const std::string& raw = Raw(key);
  const AgentOption& option = *FindOption(spec_, key);
  const auto& choices = option.choices;
  if (choices.empty() || std::find(choices.begin(), choices.end(), raw) != choices.end())
    return raw;
  throw std::invalid_argument(option.key + " must be " + OptionDomainText(option) + ", not '" +
                              raw + "'");
}

std::string AgentOptions::Canonical(std::string_view agent_name) const {
  std::string out(agent_name);
  char sep = ':';
  for (const auto& o : spec_) {
    const std::string& raw = Raw(o.key);
    const auto normalized = NormalizeOptionValue(o.type, raw);
    out += sep;
    out += o.key + "=" + (normalized ? *normalized : raw);
    sep = ',';
  }
  return out;
}

}  // namespace vgdl
