#include "gvgai/trace/trace.h"

#include <zlib.h>

#include <array>
#include <charconv>
#include <memory>
#include <set>

#include "gvgai/trace/line_reader.h"

namespace vgdl::trace {

TraceError::TraceError(std::string file, int line, const std::string& message)
    : std::runtime_error(line > 0 ? file + ":" + std::to_string(line) + ": " + message
                                  : file + ": " + message),
      file_(std::move(file)),
      line_(line) {}

namespace {

std::vector<std::string_view> SplitSpaces(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && line[i] == ' ') ++i;
    const size_t start = i;
    while (i < line.size() && line[i] != ' ') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

bool ParseHex64(std::string_view text, uint64_t& out) {
  if (text.size() != 16) return false;
  const auto res = std::from_chars(text.data(), text.data() + text.size(), out, 16);
  return res.ec == std::errc() && res.ptr == text.data() + text.size();
}

// A printed score: an optional '-', digits, and optionally a '.' followed by digits.
bool IsDecimalNumber(std::string_view text) {
  if (!text.empty() && text.front() == '-') text.remove_prefix(1);
  const size_t dot = text.find('.');
  const std::string_view whole = text.substr(0, dot);
  const std::string_view frac = dot == std::string_view::npos ? "0" : text.substr(dot + 1);
  auto all_digits = [](std::string_view s) {
    return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
  };
  return all_digits(whole) && all_digits(frac);
}

// "name@x,y" (the type name may itself contain '@' or ',': split at the last ones).
bool ParseSpriteItem(std::string_view item, TraceSprite& out) {
  const size_t at = item.rfind('@');
  if (at == std::string_view::npos || at == 0) return false;
  const std::string_view pos = item.substr(at + 1);
  const size_t comma = pos.find(',');
  if (comma == std::string_view::npos) return false;
  if (!ParseNumber(pos.substr(0, comma), out.x) || !ParseNumber(pos.substr(comma + 1), out.y)) {
    return false;
  }
  out.type = std::string(item.substr(0, at));
  return true;
}

// "key=value" with the expected key; returns the value.
std::string_view KeyValue(const LineReader& r, std::string_view token, std::string_view key) {
  if (token.size() <= key.size() || token.substr(0, key.size()) != key ||
      token[key.size()] != '=') {
    r.Fail("expected '" + std::string(key) + "=...', found '" + std::string(token) + "'");
  }
  return token.substr(key.size() + 1);
}

// `text` split at `separator` into exactly `count` parts (one a player), or a failure naming
// `what`.
std::vector<std::string_view> SplitPerPlayer(const LineReader& r, std::string_view text,
                                             char separator, int count, std::string_view what) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    const size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  if (static_cast<int>(parts.size()) != count) {
    r.Fail(std::string(what) + " '" + std::string(text) + "' has " + std::to_string(parts.size()) +
           " value(s), the trace has " + std::to_string(count) + " player(s)");
  }
  return parts;
}

std::string ParseScore(const LineReader& r, std::string_view text) {
  if (!IsDecimalNumber(text)) r.Fail("bad score '" + std::string(text) + "'");
  return std::string(text);
}

std::string ParseWin(const LineReader& r, std::string_view text) {
  if (!IsWinName(text)) r.Fail("bad win state '" + std::string(text) + "'");
  return std::string(text);
}

void ParseTickLine(const LineReader& r, const std::vector<std::string_view>& tok, Trace& trace) {
  if (tok.size() < 8)
    r.Fail("a 't' line needs at least 8 fields, found " + std::to_string(tok.size()));
  TraceTick t;
  t.line = r.number();
  if (!ParseNumber(tok[1], t.tick)) r.Fail("bad tick number '" + std::string(tok[1]) + "'");
  const int expected_tick = static_cast<int>(trace.ticks.size());
  if (t.tick != expected_tick) {
    r.Fail("tick " + std::to_string(t.tick) + " out of sequence (expected " +
           std::to_string(expected_tick) + ")");
  }
  const int n = trace.players;
  const auto actions = SplitPerPlayer(r, tok[2], ',', n, "action");
  const auto scores = SplitPerPlayer(r, KeyValue(r, tok[3], "score"), ',', n, "score");
  const auto wins = SplitPerPlayer(r, KeyValue(r, tok[4], "win"), ',', n, "win");
  const auto avatars = SplitPerPlayer(r, KeyValue(r, tok[7], "av"), '|', n, "av");
  t.players.resize(static_cast<size_t>(n));
  for (size_t p = 0; p < t.players.size(); ++p) {
    const auto action = ParseActionName(actions[p]);
    if (!action) r.Fail("unknown action '" + std::string(actions[p]) + "'");
    t.players[p] = {*action, ParseScore(r, scores[p]), ParseWin(r, wins[p]),
                    std::string(avatars[p])};
  }
  if (!ParseNumber(KeyValue(r, tok[5], "n"), t.sprite_count) || t.sprite_count < 0) {
    r.Fail("bad sprite count '" + std::string(tok[5]) + "'");
  }
  if (!ParseHex64(KeyValue(r, tok[6], "h"), t.hash)) {
    r.Fail("bad checksum '" + std::string(tok[6]) + "' (16 hex digits expected)");
  }
  bool removing = false;
  for (size_t i = 8; i < tok.size(); ++i) {
    const std::string_view item = tok[i];
    const char sign = item.front();
    TraceSprite s;
    if ((sign != '+' && sign != '-') || !ParseSpriteItem(item.substr(1), s)) {
      r.Fail("bad diff item '" + std::string(item) + "' (expected +type@x,y or -type@x,y)");
    }
    if (sign == '+' && removing) r.Fail("'+' item after a '-' item");
    removing = sign == '-';
    (removing ? t.removed : t.added).push_back(std::move(s));
  }
  trace.ticks.push_back(std::move(t));
}

void ParseEndLine(const LineReader& r, const std::vector<std::string_view>& tok, Trace& trace) {
  if (tok.size() != 4) r.Fail("an 'end' line has 4 fields, found " + std::to_string(tok.size()));
  TraceEnd e;
  e.line = r.number();
  const int n = trace.players;
  for (const std::string_view win : SplitPerPlayer(r, tok[1], ',', n, "win")) {
    e.wins.push_back(ParseWin(r, win));
  }
  for (const std::string_view score :
       SplitPerPlayer(r, KeyValue(r, tok[2], "score"), ',', n, "score")) {
    e.scores.push_back(ParseScore(r, score));
  }
  if (!ParseNumber(KeyValue(r, tok[3], "tick"), e.tick)) {
    r.Fail("bad tick '" + std::string(tok[3]) + "'");
  }
  trace.end = std::move(e);
}

// One header line (not `s`, not `note`); `init` stores its count in `init_count`.
void ParseHeaderLine(const LineReader& r, const std::vector<std::string_view>& tok, Trace& trace,
                     std::set<std::string, std::less<>>& seen, long& init_count) {
  const std::string_view key = tok[0];
  static constexpr std::array<std::string_view, 10> kKeys = {
      "game", "folder", "level", "seed", "exact", "block", "size", "players", "init", "parameters"};
  bool known = false;
  for (const auto k : kKeys) known = known || k == key;
  if (!known) r.Fail("unknown header line '" + std::string(key) + "'");
  if (!seen.insert(std::string(key)).second) r.Fail("duplicate '" + std::string(key) + "' line");
  if (key == "parameters") {
    for (size_t i = 1; i < tok.size(); ++i) {
      const size_t eq = tok[i].find('=');
      if (eq == 0 || eq == std::string_view::npos || eq + 1 == tok[i].size()) {
        r.Fail("'parameters' takes NAME=VALUE items, not '" + std::string(tok[i]) + "'");
      }
      trace.parameters.emplace_back(tok[i]);
    }
    if (trace.parameters.empty()) r.Fail("'parameters' takes at least one NAME=VALUE");
    return;
  }
  const size_t want = key == "size" ? 3 : 2;
  if (tok.size() != want)
    r.Fail("'" + std::string(key) + "' takes " + std::to_string(want - 1) + " value(s)");
  const std::string value(tok[1]);
  bool ok = true;
  if (key == "game") {
    trace.game = value;
  } else if (key == "folder") {
    trace.folder = value;
  } else if (key == "level") {
    ok = ParseNumber(tok[1], trace.level) && trace.level >= 0;
  } else if (key == "seed") {
    ok = ParseNumber(tok[1], trace.seed);
  } else if (key == "exact") {
    ok = value == "yes" || value == "no";
    trace.exact = value == "yes";
  } else if (key == "block") {
    ok = ParseNumber(tok[1], trace.block) && trace.block > 0;
  } else if (key == "players") {
    ok = ParseNumber(tok[1], trace.players) && trace.players >= 1 && trace.players <= kMaxPlayers;
  } else if (key == "size") {
    ok = ParseNumber(tok[1], trace.width) && ParseNumber(tok[2], trace.height) && trace.width > 0 &&
         trace.height > 0;
  } else {
    ok = ParseNumber(tok[1], init_count) && init_count >= 0;
  }
  if (!ok) r.Fail("bad value for '" + std::string(key) + "'");
}

}  // namespace

std::optional<Action> ParseActionName(std::string_view name) {
  for (int a = 0; a < kActionCount; ++a) {
    const auto action = static_cast<Action>(a);
    if (ActionName(action) == name) return action;
  }
  return std::nullopt;
}

bool IsWinName(std::string_view win) {
  return win == "NO_WINNER" || win == "WINS" || win == "LOSES";
}

Trace ParseTrace(std::string_view text, const std::string& file) {
  Trace trace;
  trace.file = file;
  LineReader r(text, file);
  if (!r.Next() || r.line() != "vgdl-trace 1") {
    r.Fail("not a trace: the first line must be 'vgdl-trace 1'");
  }
  std::set<std::string, std::less<>> seen;
  long init_count = -1;
  while (r.Next()) {
    if (r.line().empty()) continue;
    const auto tok = SplitSpaces(r.line());
    if (tok.empty()) continue;
    const std::string_view kind = tok[0];
    if (trace.end) r.Fail("text after the 'end' line");
    if (kind == "note") {
      if (!trace.ticks.empty()) r.Fail("'note' after the first 't' line");
      trace.notes.emplace_back(r.line().substr(r.line().find("note") + 4));
      if (!trace.notes.back().empty()) trace.notes.back().erase(0, 1);
    } else if (kind == "s") {
      if (init_count < 0) r.Fail("'s' line before the 'init' line");
      if (static_cast<long>(trace.init.size()) >= init_count) {
        r.Fail("more 's' lines than 'init " + std::to_string(init_count) + "' announced");
      }
      TraceSprite s;
      if (tok.size() != 4 || !ParseNumber(tok[2], s.x) || !ParseNumber(tok[3], s.y)) {
        r.Fail("an 's' line is 's <type> <x> <y>'");
      }
      s.type = std::string(tok[1]);
      trace.init.push_back(std::move(s));
    } else if (kind == "t" || kind == "end") {
      if (init_count < 0) r.Fail("'" + std::string(kind) + "' line before the 'init' line");
      if (static_cast<long>(trace.init.size()) != init_count) {
        r.Fail("'init " + std::to_string(init_count) + "' announced but " +
               std::to_string(trace.init.size()) + " 's' lines found");
      }
      if (kind == "t") {
        ParseTickLine(r, tok, trace);
      } else {
        ParseEndLine(r, tok, trace);
      }
    } else {
      if (init_count >= 0) r.Fail("header line '" + std::string(kind) + "' after 'init'");
      ParseHeaderLine(r, tok, trace, seen, init_count);
    }
  }
  for (const char* key : {"game", "folder", "level", "seed", "exact", "block", "size", "init"}) {
    if (!seen.contains(std::string_view(key))) {
      throw TraceError(file, 0, std::string("missing '") + key + "' header line");
    }
  }
  if (!trace.end) throw TraceError(file, r.number(), "truncated trace: no 'end' line");
  return trace;
}

std::string ReadMaybeGzipped(const std::filesystem::path& path) {
  const std::string file = path.string();
  gzFile gz = gzopen(file.c_str(), "rb");
  if (gz == nullptr) throw TraceError(file, 0, "cannot open");
  const std::unique_ptr<gzFile_s, int (*)(gzFile)> closer(gz, gzclose);
  gzbuffer(gz, 1 << 17);
  std::string out;
  std::array<char, 1 << 16> chunk;
  while (true) {
    const int got = gzread(gz, chunk.data(), static_cast<unsigned>(chunk.size()));
    if (got < 0) {
      int errnum = 0;
      const char* message = gzerror(gz, &errnum);
      throw TraceError(file, 0, std::string("read error: ") + (message ? message : "unknown"));
    }
    if (got == 0) break;
    out.append(chunk.data(), static_cast<size_t>(got));
  }
  // gzread stops silently at a truncated gzip stream; gzerror still reports it.
  int errnum = 0;
  const char* message = gzerror(gz, &errnum);
  if (errnum != Z_OK && errnum != Z_BUF_ERROR) {
    throw TraceError(file, 0, std::string("read error: ") + (message ? message : "unknown"));
  }
  if (errnum == Z_BUF_ERROR) {
    throw TraceError(file, 0, "truncated gzip stream");
  }
  return out;
}

Trace ReadTrace(const std::filesystem::path& path) {
  if (std::filesystem::is_directory(path)) throw TraceError(path.string(), 0, "is a directory");
  return ParseTrace(ReadMaybeGzipped(path), path.string());
}

std::string TraceName(const std::filesystem::path& path) {
  std::string name = path.filename().string();
  for (const std::string_view suffix : {".trace.gz", ".trace", ".gz"}) {
    if (name.size() > suffix.size() && name.ends_with(suffix)) {
      name.resize(name.size() - suffix.size());
      break;
    }
  }
  return name;
}

}  // namespace vgdl::trace
