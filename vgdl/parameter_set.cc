// The ParameterSet of a GameSpace (spec §2.9, GVGAI's game-design track):
// "NAME > values=lo:step:hi string=Description value=V", and the values chosen for it.
//
// GVGAI types a parameter by its values: three numbers, a double when any of them has a '.',
// else an int; two booleans ("True:False"). Its DesignMachine plays the k-th value, lo + k*step
// in Java's arithmetic, refusing one past hi; a boolean's k-th is k == 1. A declared value=
// wins over any choice; without one or a choice GVGAI draws a value from an unseeded generator,
// which no replay can follow, so the first value stands in for it here. A chosen value
// (LoadOptions::parameter_settings) wins over value= here, so that every value can be tried.
//
// Built with -ffp-contract=off (CMakeLists.txt): lo + k*step must round as Java's does.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "vgdl/java_math.h"
#include "vgdl/loader.h"
#include "vgdl/param_typing.h"
#include "vgdl/sections.h"
#include "vgdl/text.h"

namespace vgdl::lang {

namespace {

using Kind = GameParameter::Kind;

// More values than any design space needs; bounds the work a malformed range can make.
constexpr double kMaxValues = 10000;

// A double as people write it: 0.30000000000000004 (0.1 + 2*0.1) shows as "0.3".
std::string ShownDouble(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.12g", v);
  return buf;
}

bool IsBoolWord(std::string_view s) {
  return EqualsIgnoreCase(s, "true") || EqualsIgnoreCase(s, "false");
}

// One value of a parameter: as shown, and as GVGAI writes it in the game.
struct Value {
  std::string shown;
  std::string java;
};

// Where a parameter's values come from, kept while the section is read.
struct Range {
  double lo = 0;
  double step = 0;
  bool first_bool = false;
  bool second_bool = false;
};

// Reads values=; false (reported) when GVGAI could not build the parameter.
bool ReadValues(DiagSink& sink, const Param& p, GameParameter& out, Range& range) {
  const std::vector<std::string_view> parts = SplitJava(p.value, ':');
  const auto fail = [&](std::string message, std::string hint = {}) {
    sink.Error(*p.line, p.token, std::move(message), std::move(hint));
    return false;
  };
  const std::string syntax =
      "write values=lo:step:hi (numbers; a '.' in any makes them doubles) or values=True:False";
  if (parts.size() == 2 && IsBoolWord(parts[0]) && IsBoolWord(parts[1])) {
    out.kind = Kind::kBool;
    range.first_bool = ParseJavaBoolean(parts[0]);
    range.second_bool = ParseJavaBoolean(parts[1]);
    if (range.first_bool != range.second_bool || !range.first_bool) out.shown.push_back("false");
    if (range.first_bool != range.second_bool || range.first_bool) out.shown.push_back("true");
    return true;
  }
  if (parts.size() != 3) {
    return fail("values=" + std::string(p.value) + " is neither lo:step:hi nor two booleans",
                syntax);
  }
  const bool doubles = std::any_of(parts.begin(), parts.end(), [](std::string_view part) {
    return part.find('.') != std::string_view::npos;
  });
  out.kind = doubles ? Kind::kDouble : Kind::kInt;
  double bounds[3] = {0, 0, 0};
  for (size_t i = 0; i < 3; ++i) {
    if (doubles) {
      const std::optional<double> d = ParseJavaDouble(parts[i]);
      if (!d || !std::isfinite(*d)) {
        return fail(Quote(parts[i]) + " in values=" + std::string(p.value) + " is not a number",
                    syntax);
      }
      bounds[i] = *d;
    } else {
      const std::optional<int32_t> n = ParseJavaInt(parts[i]);
      if (!n) {
        return fail(Quote(parts[i]) + " in values=" + std::string(p.value) +
                        " is not an integer (GVGAI's Integer.parseInt fails on it)",
                    syntax);
      }
      bounds[i] = *n;
    }
  }
  const double lo = bounds[0];
  const double step = bounds[1];
  const double hi = bounds[2];
  if (hi < lo) return fail("values=" + std::string(p.value) + " ends below where it starts");
  // GVGAI's 0/0 is NaN, which Java's (int) makes 0: one value (aliensRules' values=0:0:0).
  const bool single = step == 0 && hi == lo;
  if (!(step > 0) && !single) {
    return fail("the step of values=" + std::string(p.value) + " is not positive");
  }
  const double span = single ? 0 : (hi - lo) / step;
  if (!(span < kMaxValues)) {
    return fail("values=" + std::string(p.value) + " has more than " +
                std::to_string(static_cast<int>(kMaxValues)) + " values");
  }
  // GVGAI's nPoints: 1 + (int)((hi - lo) / step), then only the values within [lo, hi].
  const int count = 1 + static_cast<int>(span);
  range.lo = lo;
  range.step = step;
  for (int k = 0; k < count; ++k) {
    if (doubles) {
      const double v = lo + static_cast<double>(k) * step;
      if (!(v >= lo && v <= hi)) break;
      out.shown.push_back(ShownDouble(v));
    } else {
      const auto v = static_cast<int64_t>(lo) + int64_t{k} * static_cast<int64_t>(step);
      if (v > static_cast<int64_t>(hi)) break;
      out.shown.push_back(std::to_string(v));
    }
  }
  return true;
}

// The text GVGAI writes for value number `k` of `param`.
Value ValueAt(const GameParameter& param, const Range& range, size_t k) {
  if (param.kind == Kind::kDouble) {
    return {param.shown[k], JavaDoubleString(range.lo + static_cast<double>(k) * range.step)};
  }
  return {param.shown[k], param.shown[k]};
}

// The value `text` names among `param`'s values; nullopt when it is none of them.
std::optional<size_t> FindValue(const GameParameter& param, const Range& range,
                                std::string_view text) {
  switch (param.kind) {
    case Kind::kBool: {
      if (!IsBoolWord(text)) return std::nullopt;
      const std::string word = ParseJavaBoolean(text) ? "true" : "false";
      const auto it = std::find(param.shown.begin(), param.shown.end(), word);
      if (it == param.shown.end()) return std::nullopt;
      return static_cast<size_t>(it - param.shown.begin());
    }
    case Kind::kInt: {
      const auto it = std::find(param.shown.begin(), param.shown.end(), text);
      if (it != param.shown.end()) return static_cast<size_t>(it - param.shown.begin());
      const std::optional<int32_t> n = ParseJavaInt(text);
      if (!n) return std::nullopt;
      const auto again = std::find(param.shown.begin(), param.shown.end(), std::to_string(*n));
      if (again == param.shown.end()) return std::nullopt;
      return static_cast<size_t>(again - param.shown.begin());
    }
    case Kind::kDouble: {
      const std::optional<double> d = ParseJavaDouble(text);
      if (!d || !std::isfinite(*d)) return std::nullopt;
      if (range.step == 0) return *d == range.lo ? std::optional<size_t>(0) : std::nullopt;
      const double k = std::round((*d - range.lo) / range.step);
      if (!(k >= 0 && k < static_cast<double>(param.shown.size()))) return std::nullopt;
      const double v = range.lo + k * range.step;
      // "0.3" names 0.30000000000000004; a value off the grid names nothing.
      if (std::fabs(v - *d) > range.step * 1e-6) return std::nullopt;
      return static_cast<size_t>(k);
    }
  }
  return std::nullopt;
}

// The value= text GVGAI plays; false (reported) when GVGAI cannot parse it.
bool ReadDeclared(DiagSink& sink, const Param& p, GameParameter& param) {
  switch (param.kind) {
    case Kind::kBool:
      param.played_java = ParseJavaBoolean(p.value) ? "true" : "false";
      param.declared = param.played_java;
      return true;
    case Kind::kInt:
      if (const std::optional<int32_t> n = ParseJavaInt(p.value)) {
        param.played_java = std::to_string(*n);
        param.declared = param.played_java;
        return true;
      }
      sink.Error(*p.line, p.token,
                 "value=" + std::string(p.value) + " is not an integer, as values= makes " +
                     Quote(param.name),
                 "GVGAI's Integer.parseInt fails on it");
      return false;
    case Kind::kDouble:
      if (const std::optional<double> d = ParseJavaDouble(p.value)) {
        param.played_java = JavaDoubleString(*d);
        param.declared = ShownDouble(*d);
        return true;
      }
      sink.Error(*p.line, p.token, "value=" + std::string(p.value) + " is not a number");
      return false;
  }
  return false;
}

// One line of the ParameterSet.
struct ReadLine {
  GameParameter param;
  Range range;
};

std::optional<ReadLine> ReadParameterLine(LoadContext& ctx, const Line& line) {
  DiagSink& sink = ctx.sink();
  const Token& name = line.tokens.front();
  const std::string syntax = "write: NAME > values=lo:step:hi string=Description";
  if (name.text == ">" || name.text.find('=') != std::string_view::npos) {
    sink.Error(line, name, "expected a parameter name at the start of the line", syntax);
    return std::nullopt;
  }
  LineParts parts = SplitParams(line, 1, sink);
  for (const Token& word : parts.words) {
    if (word.text == ">") continue;
    sink.Error(line, word, "unexpected " + Quote(word.text) + " in a parameter", syntax);
  }
  ReadLine out;
  out.param.name = std::string(name.text);
  out.param.loc = {line.number, name.column};
  const Param* values = nullptr;
  const Param* declared = nullptr;
  for (const Param& p : parts.params) {
    if (p.key == "values") {
      values = &p;
    } else if (p.key == "value") {
      declared = &p;
    } else if (p.key == "string") {
      out.param.description = std::string(p.value);
    } else {
      sink.Warning(line, p.token, "GVGAI ignores " + Quote(p.key) + " on a parameter",
                   DidYouMean(p.key, {"values", "value", "string"}));
    }
  }
  if (values == nullptr) {
    sink.Error(line, name, "parameter " + Quote(name.text) + " has no values=", syntax);
    return std::nullopt;
  }
  out.param.values = std::string(values->value);
  if (!ReadValues(sink, *values, out.param, out.range)) return std::nullopt;
  if (out.param.shown.empty()) {
    sink.Error(line, values->token, "values=" + out.param.values + " has no value GVGAI can play");
    return std::nullopt;
  }
  if (declared != nullptr) {
    if (!ReadDeclared(sink, *declared, out.param)) return std::nullopt;
    out.param.default_shown = out.param.declared;
    if (std::find(out.param.shown.begin(), out.param.shown.end(), out.param.declared) ==
        out.param.shown.end()) {
      sink.Warning(line, declared->token,
                   "value=" + std::string(declared->value) + " is not one of values=" +
                       out.param.values + "; GVGAI plays it all the same");
    }
  } else {
    const size_t first =
        out.param.kind == Kind::kBool && out.range.first_bool && out.param.shown.size() == 2 ? 1
                                                                                             : 0;
    const Value v = ValueAt(out.param, out.range, first);
    out.param.default_shown = v.shown;
    out.param.played_java = v.java;
  }
  out.param.played = out.param.default_shown;
  return out;
}

// "0.1, 0.2, ..., 0.9": the values a parameter takes, for a message.
std::string ValuesList(const GameParameter& param) {
  const std::vector<std::string>& v = param.shown;
  std::string out;
  const size_t n = v.size();
  for (size_t i = 0; i < n; ++i) {
    if (n > 8 && i == 4) {
      out += ", ...";
      i = n - 4;
      continue;
    }
    if (i > 0) out += ", ";
    out += v[i];
  }
  return out;
}

}  // namespace

void ReadParameterSets(LoadContext& ctx, const SyntaxTree& tree, const std::vector<int>& sections,
                       const std::vector<std::string>& settings) {
  GameDef& game = ctx.game();
  DiagSink& sink = ctx.sink();
  std::vector<Range> ranges;
  for (int section : sections) {
    for (int child : tree.node(section).children) {
      if (sink.full()) return;
      RejectNestedLines(ctx, tree, child);
      if (!CheckLineSection(ctx, tree, child, Section::kParameterSet)) continue;
      const Line& line = tree.line_of(child);
      std::optional<ReadLine> read = ReadParameterLine(ctx, line);
      if (!read) continue;
      auto same = std::find_if(game.parameters.begin(), game.parameters.end(),
                               [&](const GameParameter& p) { return p.name == read->param.name; });
      if (same == game.parameters.end()) {
        game.parameters.push_back(std::move(read->param));
        ranges.push_back(read->range);
        continue;
      }
      sink.Warning(line, line.tokens.front(),
                   "parameter " + Quote(read->param.name) + " is declared again (first at line " +
                       std::to_string(same->loc.line) + "); GVGAI uses this line");
      const auto index = static_cast<size_t>(same - game.parameters.begin());
      *same = std::move(read->param);
      ranges[index] = read->range;
    }
  }
  std::vector<std::string_view> names;
  for (const GameParameter& p : game.parameters) names.push_back(p.name);
  std::string listing;
  for (std::string_view n : names) listing += (listing.empty() ? "" : ", ") + std::string(n);
  std::vector<std::string> seen;
  for (const std::string& setting : settings) {
    const size_t eq = setting.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == setting.size()) {
      sink.AtFile(Severity::kError, "--set " + Quote(setting) + ": expected NAME=VALUE");
      continue;
    }
    const std::string name = setting.substr(0, eq);
    const std::string text = setting.substr(eq + 1);
    if (game.parameters.empty()) {
      sink.AtFile(Severity::kError, "--set " + setting + ": the game has no ParameterSet",
                  "only a GameSpace's parameters can be set");
      continue;
    }
    if (std::find(seen.begin(), seen.end(), name) != seen.end()) {
      sink.AtFile(Severity::kError, "--set " + Quote(name) + " is given twice");
      continue;
    }
    seen.push_back(name);
    auto param = std::find_if(game.parameters.begin(), game.parameters.end(),
                              [&](const GameParameter& p) { return p.name == name; });
    if (param == game.parameters.end()) {
      std::string hint = DidYouMean(name, names);
      if (!hint.empty()) hint += ' ';
      hint += "the parameters are " + listing;
      sink.AtFile(Severity::kError,
                  "--set " + setting + ": the game has no parameter " + Quote(name), hint);
      continue;
    }
    const Range& range = ranges[static_cast<size_t>(param - game.parameters.begin())];
    const std::optional<size_t> k = FindValue(*param, range, text);
    if (!k) {
      sink.Report(Severity::kError, param->loc.line, param->loc.column, CharCount(param->name),
                  tree.lines[static_cast<size_t>(param->loc.line - 1)].raw,
                  "--set " + setting + ": " + Quote(text) + " is not a value of " + param->name,
                  param->name + " takes " + ParameterValuesText(*param));
      continue;
    }
    const Value v = ValueAt(*param, range, *k);
    param->played = v.shown;
    param->played_java = v.java;
    param->chosen = true;
  }
  for (const GameParameter& p : game.parameters) ctx.parameter_text[p.name] = p.played_java;
}

}  // namespace vgdl::lang

namespace vgdl {

std::string ParameterValuesText(const GameParameter& param) {
  return "values=" + param.values + " (" + lang::ValuesList(param) + ")";
}

}  // namespace vgdl
