// `vgdl tune`'s search space: parsing --space against an AgentSpec.
#include "runner/tuning/search_space.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <utility>

#include "agents/common/options.h"

namespace vgdl {
namespace {

std::vector<std::string> Split(std::string_view text, char separator) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos <= text.size()) {
    const size_t end = std::min(text.find(separator, pos), text.size());
    out.emplace_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

std::string Trim(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return "";
  const size_t last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

std::string Pair(const std::string& key, const std::string& value) {
  return value.empty() ? key : key + "=" + value;
}

const AgentOption* FindOption(const AgentSpec& agent, const std::string& key) {
  for (const AgentOption& option : agent.options) {
    if (option.key == key) return &option;
  }
  return nullptr;
}

std::string UnknownOption(const AgentSpec& agent, const std::string& key) {
  std::vector<std::string> keys;
  std::string list;
  for (const AgentOption& o : agent.options) {
    keys.push_back(o.key);
    list += (list.empty() ? "" : ", ") + o.key;
  }
  std::string error = "agent '" + agent.name + "' has no option '" + key + "'";
  const std::string guess = ClosestName(key, keys);
  if (!guess.empty()) error += "; did you mean '" + guess + "'?";
  return error + " (options: " + list + ")";
}

// Numeric text with the option's type: integers rounded, doubles at their shortest.
std::string NumberText(OptionType type, double v) {
  if (type == OptionType::kInt) return std::to_string(static_cast<int64_t>(std::llround(v)));
  return OptionNumberText(v);
}

// The values of [low, high] that NTBEA tries (search_space.h): every integer of a short
// integer range, else `count` points, spaced by ratio where the range spans two orders of
// magnitude above 0 (a zero low end kept as a value of its own), else evenly; duplicates after
// rounding dropped.
std::vector<std::string> RangeValues(OptionType type, double low, double high, int count) {
  std::vector<std::string> out;
  auto add = [&](double v) {
    const std::string text = NumberText(type, std::clamp(v, low, high));
    if (std::find(out.begin(), out.end(), text) == out.end()) out.push_back(text);
  };
  if (type == OptionType::kInt && high - low + 1 <= SearchSpace::kRangeValues + 2) {
    for (double v = low; v <= high; v += 1.0) add(v);
    return out;
  }
  const double from = low > 0.0 ? low : 1.0;
  const bool by_ratio = high >= 1.0 && high / from >= 100.0;
  if (by_ratio && low <= 0.0) {
    add(low);
    --count;
  }
  for (int i = 0; i < count; ++i) {
    const double t = count == 1 ? 0.0 : static_cast<double>(i) / (count - 1);
    add(by_ratio ? from * std::pow(high / from, t) : low + t * (high - low));
  }
  return out;
}

// "lo..hi" or "lo..hi/n": a numeric range written in --space.
struct WrittenRange {
  double low = 0.0;
  double high = 0.0;
  int count = SearchSpace::kRangeValues;
};

bool IsRange(const std::string& text) {
  return text.find("..") != std::string::npos;
}

// nullopt with `error` when the range is malformed.
std::optional<WrittenRange> ParseRange(const std::string& text, std::string* error) {
  const size_t dots = text.find("..");
  WrittenRange r;
  std::string high = text.substr(dots + 2);
  if (const size_t slash = high.find('/'); slash != std::string::npos) {
    const auto n = NormalizeOptionValue(OptionType::kInt, Trim(high.substr(slash + 1)));
    r.count = n ? std::stoi(*n) : 0;
    if (r.count < 2 || r.count > 100) {
      *error = "'" + text + "': the count after '/' must be in [2, 100]";
      return std::nullopt;
    }
    high = high.substr(0, slash);
  }
  const auto lo = NormalizeOptionValue(OptionType::kDouble, Trim(text.substr(0, dots)));
  const auto hi = NormalizeOptionValue(OptionType::kDouble, Trim(high));
  if (!lo || !hi || std::stod(*lo) > std::stod(*hi)) {
    *error = "'" + text + "' is not a range low..high (or low..high/count) with low <= high";
    return std::nullopt;
  }
  r.low = std::stod(*lo);
  r.high = std::stod(*hi);
  return r;
}

// The values of a key written without '=': a bool's two, a string option's declared choices,
// a numeric option's declared range (agents/registry.h, AgentOption::range).
std::optional<std::vector<std::string>> DeclaredValues(const AgentOption& option,
                                                       std::string* error) {
  const std::string type(OptionTypeName(option.type));
  switch (option.type) {
    case OptionType::kBool:
      return std::vector<std::string>{"false", "true"};
    case OptionType::kString:
      if (!option.choices.empty()) return option.choices;
      break;
    case OptionType::kInt:
    case OptionType::kDouble:
      if (option.range.size() == 2) {
        return RangeValues(option.type, option.range[0], option.range[1],
                           SearchSpace::kRangeValues);
      }
      break;
  }
  *error = "option '" + option.key + "' (" + type + ") declares no " +
           (option.type == OptionType::kString ? "choices" : "fixed range") +
           ": give its values in --space, " + option.key + "=v1,v2,..." +
           (option.type == OptionType::kString ? "" : " or " + option.key + "=low..high");
  return std::nullopt;
}

}  // namespace

std::optional<SearchSpace> SearchSpace::Parse(std::string_view agent, std::string_view text,
                                              std::string* error) {
  std::string scratch;
  if (error == nullptr) error = &scratch;
  if (CanonicalAgentSpec(agent, error).empty()) return std::nullopt;
  // A plugin's spec names it by its canonical name, which SpecOf writes back.
  const auto parsed = SplitAgentOrPluginSpec(agent, error);
  const AgentSpec* spec = FindAgentSpec(agent, error);
  if (!parsed || spec == nullptr) return std::nullopt;
  SearchSpace space;
  space.agent_name_ = parsed->name;
  space.fixed_ = parsed->pairs;
  for (const std::string& part : Split(text, ';')) {
    const std::string item = Trim(part);
    if (item.empty()) continue;  // "p=4,6;" and "p=4,6;;l=8" are forgiven
    const size_t eq = item.find('=');
    const std::string key = Trim(item.substr(0, eq));
    const AgentOption* option = FindOption(*spec, key);
    if (option == nullptr) {
      *error = UnknownOption(*spec, key);
      return std::nullopt;
    }
    const auto fixed = std::find_if(space.fixed_.begin(), space.fixed_.end(),
                                    [&](const auto& p) { return p.first == key; });
    if (fixed != space.fixed_.end()) {
      *error = "option '" + key + "' is both fixed in the agent spec and searched in --space";
      return std::nullopt;
    }
    const auto& params = space.parameters_;
    if (std::any_of(params.begin(), params.end(), [&](const auto& p) { return p.key == key; })) {
      *error = "option '" + key + "' appears twice in --space";
      return std::nullopt;
    }
    std::vector<std::string> raw;
    const bool declared = eq == std::string::npos && option->type != OptionType::kBool;
    if (eq == std::string::npos) {
      const auto values = DeclaredValues(*option, error);
      if (!values) return std::nullopt;
      raw = *values;
    } else {
      raw = Split(item.substr(eq + 1), ',');
      const bool numeric = option->type == OptionType::kInt || option->type == OptionType::kDouble;
      if (raw.size() == 1 && numeric && IsRange(raw[0])) {
        const auto range = ParseRange(Trim(raw[0]), error);
        if (!range) {
          *error = "option '" + key + "': " + *error;
          return std::nullopt;
        }
        raw = RangeValues(option->type, range->low, range->high, range->count);
      }
    }
    SearchParameter parameter{key, {}, declared};
    for (const std::string& r : raw) {
      const std::string value = Trim(r);
      const auto normal = value.empty() ? std::nullopt : NormalizeOptionValue(option->type, value);
      if (!normal) {
        *error = "option '" + key + "' expects " + std::string(OptionTypeName(option->type)) +
                 " values, got '" + value + "'";
        return std::nullopt;
      }
      const auto& values = parameter.values;
      if (std::find(values.begin(), values.end(), *normal) != values.end()) {
        *error = "option '" + key + "': value '" + value + "' given twice in --space";
        return std::nullopt;
      }
      parameter.values.push_back(*normal);
    }
    space.parameters_.push_back(std::move(parameter));
    space.defaults_.push_back(
        NormalizeOptionValue(option->type, option->default_value).value_or(option->default_value));
  }
  if (space.parameters_.empty()) {
    *error = "--space names no option of agent '" + spec->name + "'";
    return std::nullopt;
  }
  // Each value on its own, the others at their defaults: the agent's reason names its range.
  // A value valid only beside other values of the space (rhea's elites < p) is accepted when
  // some point of the space holds it with values the agent takes. A value the user did not
  // write (from a declared domain) that no point of the space can take is left out, with a
  // note: rhea's p = 1 needs elites = 0, which a space without elites does not hold.
  for (size_t i = 0; i < space.parameters_.size(); ++i) {
    SearchParameter& parameter = space.parameters_[i];
    for (size_t v = 0; v < parameter.values.size();) {
      TuningPoint point = space.DefaultPoint();
      point[i] = static_cast<int>(v);
      std::string why;
      if (CreateAgent(space.SpecOf(point), 0, &why) != nullptr ||
          space.AcceptedSomewhere(i, static_cast<int>(v))) {
        ++v;
        continue;
      }
      const std::string what = "option '" + parameter.key + "' value '" + parameter.values[v] + "'";
      if (!parameter.declared) {
        *error = what + ": " + why;
        return std::nullopt;
      }
      space.notes_.push_back(what + " left out of its declared domain: " + why);
      parameter.values.erase(parameter.values.begin() + static_cast<std::ptrdiff_t>(v));
      space.accepted_.clear();  // its points were of the old value indices
      if (parameter.values.empty()) {
        *error = "option '" + parameter.key + "': no value of its declared domain is accepted";
        return std::nullopt;
      }
    }
  }
  return space;
}

bool SearchSpace::AcceptedSomewhere(size_t parameter, int value) const {
  // Every point with this value, in index order, up to a bound: spaces are small in the
  // dimensions that depend on each other, and the bound keeps a large space's check short.
  constexpr int kTries = 256;
  const std::vector<int> dims = Dimensions();
  TuningPoint point(dims.size(), 0);
  point[parameter] = value;
  for (int tries = 0; tries < kTries; ++tries) {
    if (Accepts(point)) return true;
    size_t i = 0;  // the next point: an odometer over the other parameters
    for (; i < dims.size(); ++i) {
      if (i == parameter) continue;
      if (++point[i] < dims[i]) break;
      point[i] = 0;
    }
    if (i == dims.size()) return false;  // all of them tried
  }
  return false;
}

std::vector<int> SearchSpace::Dimensions() const {
  std::vector<int> out;
  for (const auto& p : parameters_) out.push_back(static_cast<int>(p.values.size()));
  return out;
}

std::string SearchSpace::SpecOf(const TuningPoint& point) const {
  std::string spec = agent_name_;
  char separator = ':';
  for (const auto& [key, value] : fixed_) {
    spec += separator + Pair(key, value);
    separator = ',';
  }
  for (size_t i = 0; i < parameters_.size(); ++i) {
    spec +=
        separator + parameters_[i].key + "=" + parameters_[i].values[static_cast<size_t>(point[i])];
    separator = ',';
  }
  const std::string canonical = CanonicalAgentSpec(spec, nullptr);
  return canonical.empty() ? spec : canonical;
}

bool SearchSpace::Accepts(const TuningPoint& point) const {
  // Creating an agent can cost (rhea reserves its tables): NTBEA asks again and again about
  // the same neighbours.
  const auto it = accepted_.find(point);
  if (it != accepted_.end()) return it->second;
  const bool ok = CreateAgent(SpecOf(point), 0, nullptr) != nullptr;
  accepted_.emplace(point, ok);
  return ok;
}

TuningPoint SearchSpace::DefaultPoint() const {
  TuningPoint point;
  for (size_t i = 0; i < parameters_.size(); ++i) {
    const auto& values = parameters_[i].values;
    const auto it = std::find(values.begin(), values.end(), defaults_[i]);
    point.push_back(it == values.end() ? 0 : static_cast<int>(it - values.begin()));
  }
  return point;
}

std::optional<TuningPoint> SearchSpace::PointOf(const std::vector<std::string>& values) const {
  if (values.size() != parameters_.size()) return std::nullopt;
  TuningPoint point;
  for (size_t i = 0; i < parameters_.size(); ++i) {
    const auto& options = parameters_[i].values;
    const auto it = std::find(options.begin(), options.end(), values[i]);
    if (it == options.end()) return std::nullopt;
    point.push_back(static_cast<int>(it - options.begin()));
  }
  return point;
}

std::string SearchSpace::Describe() const {
  std::string out;
  for (const auto& p : parameters_) {
    if (!out.empty()) out += ';';
    out += p.key + "=";
    for (size_t v = 0; v < p.values.size(); ++v) out += (v == 0 ? "" : ",") + p.values[v];
  }
  return out;
}

}  // namespace vgdl
