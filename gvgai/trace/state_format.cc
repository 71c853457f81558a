#include "gvgai/trace/state_format.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <utility>

#include "gvgai/trace/java_format.h"

namespace vgdl::trace {

uint64_t Fnv1a64(std::string_view bytes, uint64_t hash) {
  for (const char c : bytes) {
    hash ^= static_cast<uint8_t>(c);
    hash *= kFnvPrime;
  }
  return hash;
}

uint64_t ChecksumOfSprites(const std::vector<TraceSprite>& sprites) {
  std::vector<std::string> lines;
  lines.reserve(sprites.size());
  for (const auto& s : sprites) {
    lines.push_back(s.type + " " + std::to_string(s.x) + " " + std::to_string(s.y) + "\n");
  }
  std::sort(lines.begin(), lines.end());  // std::string compares bytes as unsigned char
  uint64_t hash = kFnvOffsetBasis;
  for (const auto& line : lines) hash = Fnv1a64(line, hash);
  return hash;
}

std::string FormatScore(double score) {
  return FormatJavaFixed(score, 3);
}

std::string_view WinName(Winner w) {
  switch (w) {
    case Winner::kWins:
      return "WINS";
    case Winner::kLoses:
      return "LOSES";
    case Winner::kNone:
      break;
  }
  return "NO_WINNER";
}

std::string FormatHash(uint64_t hash) {
  char buf[17];
  std::fill(buf, buf + 16, '0');
  char digits[16];
  const auto res = std::to_chars(digits, digits + 16, hash, 16);
  const auto len = static_cast<size_t>(res.ptr - digits);
  std::memcpy(buf + 16 - len, digits, len);
  return std::string(buf, 16);
}

TraceFormatter::TraceFormatter(const GameDef& def) : def_(&def) {
  types_by_name_.resize(static_cast<size_t>(def.type_count()));
  for (int t = 0; t < def.type_count(); ++t)
    types_by_name_[static_cast<size_t>(t)] = static_cast<TypeId>(t);
  // Lines "<a> ..." and "<b> ..." compare like the names a and b: where one name is a prefix
  // of the other, the shorter name's ' ' sorts before any character a name can contain.
  std::sort(types_by_name_.begin(), types_by_name_.end(),
            [&def](TypeId a, TypeId b) { return def.type(a).name < def.type(b).name; });
}

TraceFormatter::PositionKey TraceFormatter::MakeKey(int32_t x, int32_t y) {
  // "-2147483648 -2147483648\n" is exactly 24 bytes; the zero padding sorts a shorter line
  // before a longer one that starts with it, as a byte comparison of the lines does.
  char buf[24] = {};
  char* p = std::to_chars(buf, buf + 11, x).ptr;
  *p++ = ' ';
  p = std::to_chars(p, p + 11, y).ptr;
  *p = '\n';
  PositionKey key{};
  for (size_t w = 0; w < 3; ++w) {
    uint64_t v = 0;
    for (size_t i = 0; i < 8; ++i) v = (v << 8) | static_cast<uint8_t>(buf[w * 8 + i]);
    key.w[w] = v;
  }
  return key;
}

uint64_t TraceFormatter::Checksum(const State& state) {
  uint64_t hash = kFnvOffsetBasis;
  for (const TypeId t : types_by_name_) {
    const auto refs = state.sprites_of(t);
    if (refs.empty()) continue;
    keys_.clear();
    for (const SpriteRef r : refs) {
      const Rect& rect = state.sprite(r).rect;
      keys_.push_back(MakeKey(rect.x, rect.y));
    }
    std::sort(keys_.begin(), keys_.end());
    const std::string& name = def_->type(t).name;
    for (const PositionKey& key : keys_) {
      hash = Fnv1a64(name, hash);
      hash = (hash ^ static_cast<uint8_t>(' ')) * kFnvPrime;
      for (const uint64_t word : key.w) {
        for (int shift = 56; shift >= 0; shift -= 8) {
          const auto byte = static_cast<uint8_t>(word >> shift);
          if (byte == 0) break;  // only the padding after '\n' is zero
          hash = (hash ^ byte) * kFnvPrime;
        }
      }
    }
  }
  return hash;
}

std::vector<TraceSprite> TraceFormatter::SpriteList(const State& state) const {
  std::vector<TraceSprite> out;
  out.reserve(static_cast<size_t>(state.sprite_count()));
  const SpriteRef avatar = state.player_count() > 0 ? state.player(0).avatar : kNoSprite;
  auto add = [&](SpriteRef r) {
    const Sprite& s = state.sprite(r);
    out.push_back({def_->type(s.type).name, s.rect.x, s.rect.y});
  };
  if (avatar != kNoSprite) add(avatar);
  std::vector<bool> listed(static_cast<size_t>(def_->type_count()), false);
  auto add_type = [&](TypeId t) {
    if (t < 0 || t >= def_->type_count() || listed[static_cast<size_t>(t)]) return;
    listed[static_cast<size_t>(t)] = true;
    for (const SpriteRef r : state.sprites_of(t)) {
      if (r != avatar) add(r);
    }
  };
  for (auto it = def_->sprite_order.rbegin(); it != def_->sprite_order.rend(); ++it) add_type(*it);
  for (int t = 0; t < def_->type_count(); ++t) add_type(static_cast<TypeId>(t));
  return out;
}

std::string TraceFormatter::Avatar(const State& state, int player) const {
  if (player >= state.player_count() || state.player(player).avatar == kNoSprite) return "none";
  const SpriteRef avatar = state.player(player).avatar;
  const Sprite& s = state.sprite(avatar);
  std::string out = std::to_string(s.rect.x) + "," + std::to_string(s.rect.y) + "," +
                    FormatJavaFixed(s.orientation.x, 2) + "," +
                    FormatJavaFixed(s.orientation.y, 2) + "," + def_->type(s.type).name + "," +
                    std::to_string(s.health) + ",";
  std::vector<std::pair<std::string_view, int32_t>> held;
  for (const ResourceRecord& res : state.resources()) {
    if (res.owner == avatar && res.amount != 0 && res.type >= 0 && res.type < def_->type_count()) {
      held.emplace_back(def_->type(res.type).name, res.amount);
    }
  }
  if (held.empty()) return out + "-";
  std::sort(held.begin(), held.end());
  for (size_t i = 0; i < held.size(); ++i) {
    if (i > 0) out += ';';
    out.append(held[i].first);
    out += ':';
    out += std::to_string(held[i].second);
  }
  return out;
}

}  // namespace vgdl::trace
