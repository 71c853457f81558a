// The SpriteSet (spec §2.5): type ids in depth-first pre-order, GVGAI's class resolution rule,
// parameter inheritance, itypes/subtypes, sprite order, singletons and default sprites.
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "vgdl/names.h"
#include "vgdl/sections.h"
#include "vgdl/sprite_catalog.h"
#include "vgdl/text.h"

namespace vgdl::lang {

namespace {

constexpr int kMaxSpriteDepth = 64;

// One SpriteSet line.
struct Decl {
  const Line* line = nullptr;
  Token name;
  int seq = 0;  // pre-order position: the last declaration of a name wins
  TypeId id = kNoType;
  TypeId parent = kNoType;
  std::string_view cls;  // GVGAI's referenceClass after the class rule; "" = none
  std::map<std::string_view, Param> params;  // inherited, then own
  std::vector<TypeId> itypes;
  std::vector<TypeId> subtypes;
  std::vector<TypeId> children;
  bool leaf = true;
  bool broken = false;  // the line has an error: only its name is kept, to avoid cascades
};

// What a node passes to its children.
struct Inherited {
  std::string_view cls;
  std::map<std::string_view, Param> params;
  std::vector<TypeId> types;
  TypeId parent = kNoType;
};

// The parts of a "name > Class k=v ..." line.
struct SpriteLine {
  Token name;
  std::optional<Token> cls;
  std::vector<Param> params;
  bool ok = true;  // false: reported; the name alone is registered
};

class SpriteSetReader {
 public:
  SpriteSetReader(LoadContext& ctx, const SyntaxTree& tree) : ctx_(ctx), tree_(tree) {
    last_leaf_seq_ = {0, 1};  // wall and avatar start the order
  }

  void Read(int section_node) {
    Inherited root;
    for (int child : tree_.node(section_node).children) {
      if (ctx_.sink().full()) return;
      ReadNode(child, root, 1);
    }
  }

  void Finish();

 private:
  std::optional<SpriteLine> ParseLine(const Line& line);
  // Returns the index of the node's declaration in decls_, or -1 if the line is unusable.
  int ReadNode(int node, const Inherited& in, int depth);
  void ReadChildren(const Node& node, std::string_view cls, Decl& decl, int depth);
  void ReportUnknownClass(const Line& line, const Token& cls, std::string_view ancestor_class,
                          bool leaf);
  SpriteDef BuildType(TypeId id);
  SpriteDef DefaultType(TypeId id);
  void ApplyClassAndParams(const Decl& decl, SpriteDef& def);
  void CheckCreatable(const Decl& decl, const SpriteDef& def, bool has_class,
                      const std::set<std::string, std::less<>>& assigned);
  std::vector<TypeId> SpriteOrder() const;

  LoadContext& ctx_;
  const SyntaxTree& tree_;
  std::vector<Decl> decls_;
  std::map<TypeId, size_t> last_decl_;  // id -> index into decls_
  std::vector<int> last_leaf_seq_;      // per id, -1 when never a leaf
  std::vector<bool> singleton_;
  int seq_ = 0;
};

std::optional<SpriteLine> SpriteSetReader::ParseLine(const Line& line) {
  DiagSink& sink = ctx_.sink();
  SpriteLine out;
  out.name = line.tokens[0];
  if (out.name.text == ">" || out.name.text.find('=') != std::string_view::npos) {
    sink.Error(line, out.name, "expected a sprite name before '>'");
    return std::nullopt;
  }
  const Token* arrow = nullptr;
  for (size_t i = 1; i < line.tokens.size() && arrow == nullptr; ++i) {
    if (line.tokens[i].text == ">") arrow = &line.tokens[i];
  }
  if (EqualsIgnoreCase(out.name.text, "EOS") || EqualsIgnoreCase(out.name.text, "TIME")) {
    // GVGAI would mix up the sprite and the keyword in interactions that name it.
    sink.Error(line, out.name,
               Quote(out.name.text) + " cannot be a sprite name: it is an InteractionSet keyword");
    return std::nullopt;
  }
  if (arrow == nullptr) {
    sink.Error(line, line.tokens.size() > 1 ? line.tokens[1] : out.name,
               "expected '>' after the sprite name " + Quote(out.name.text),
               "write: name > ClassName key=value ...");
    out.ok = false;
    return out;
  }
  // Parameters may stand on either side of '>' (GVGAI does not care); other words are the
  // class name, which must come after it.
  LineParts parts = SplitParams(line, 1, sink);
  ctx_.SubstituteParameters(parts);
  bool ok = true;
  std::vector<Token> classes;
  for (const Token& word : parts.words) {
    if (word.column == arrow->column) continue;
    if (word.column < arrow->column) {
      sink.Error(line, word, "unexpected " + Quote(word.text) + " before '>'",
                 "sprite names have no spaces; write: name > ClassName key=value ...");
      ok = false;
    } else if (word.text == ">") {
      sink.Error(line, word, "a second '>' on a sprite line");
      ok = false;
    } else {
      classes.push_back(word);
    }
  }
  if (classes.size() > 1) {
    sink.Error(line, classes[1],
               "two class names on one line (" + Quote(classes[0].text) + " and " +
                   Quote(classes[1].text) + ")",
               "a sprite has one class; GVGAI would silently use the last one");
    ok = false;
  }
  if (!ok) {
    out.ok = false;
    return out;
  }
  if (!classes.empty()) out.cls = classes.front();
  out.params = std::move(parts.params);
  return out;
}

// An unknown class name is an error unless GVGAI never uses it: on a leaf under an ancestor
// with a class (GVGAI's class rule gives the leaf the ancestor's class), it is a likely typo
// ("orientationDOWN") that GVGAI silently ignores.
void SpriteSetReader::ReportUnknownClass(const Line& line, const Token& cls,
                                         std::string_view ancestor_class, bool leaf) {
  std::string hint = DidYouMean(cls.text, SpriteClassNames());
  for (std::string_view field : {"orientation", "stype", "speed", "color", "img", "cooldown"}) {
    if (cls.text.size() > field.size() && cls.text.substr(0, field.size()) == field) {
      hint = "did you mean '" + std::string(field) + "=" +
             std::string(cls.text.substr(field.size())) + "'?";
    }
  }
  if (!ancestor_class.empty() && leaf) {
    ctx_.sink().Warning(line, cls,
                        "unknown sprite class " + Quote(cls.text) +
                            "; GVGAI ignores it, as this sprite takes the class " +
                            Quote(ancestor_class) + " of a parent line",
                        hint);
  } else {
    ctx_.sink().Error(line, cls, "unknown sprite class " + Quote(cls.text), hint);
  }
}

void SpriteSetReader::ReadChildren(const Node& node, std::string_view cls, Decl& decl, int depth) {
  Inherited child_in;
  child_in.cls = cls;
  child_in.params = decl.params;
  child_in.types = decl.itypes;
  child_in.parent = decl.id;
  // GVGAI appends each child's subtypes, skipping those already listed.
  std::vector<bool> seen(ctx_.type_names().size() + 1);
  for (TypeId t : decl.subtypes) seen[static_cast<size_t>(t)] = true;
  for (int child : node.children) {
    if (ctx_.sink().full()) break;
    const int index = ReadNode(child, child_in, depth + 1);
    if (index < 0) continue;
    const Decl& child_decl = decls_[static_cast<size_t>(index)];
    decl.children.push_back(child_decl.id);
    for (TypeId t : child_decl.subtypes) {
      if (static_cast<size_t>(t) >= seen.size()) seen.resize(static_cast<size_t>(t) + 1);
      if (!seen[static_cast<size_t>(t)]) {
        seen[static_cast<size_t>(t)] = true;
        decl.subtypes.push_back(t);
      }
    }
  }
}

int SpriteSetReader::ReadNode(int node, const Inherited& in, int depth) {
  const Line& line = tree_.line_of(node);
  if (depth > kMaxSpriteDepth) {
    ctx_.sink().AtLine(Severity::kError, line,
                       "sprite definitions are nested more than " +
                           std::to_string(kMaxSpriteDepth) + " levels deep");
    return -1;
  }
  if (!CheckLineSection(ctx_, tree_, node, Section::kSpriteSet)) return -1;
  const std::optional<SpriteLine> parsed = ParseLine(line);
  if (!parsed) return -1;
  const TypeId id = ctx_.RegisterType(parsed->name.text);
  if (id == kNoType) {
    ctx_.sink().Error(line, parsed->name, "too many sprite types (at most 32767)");
    return -1;
  }
  if (const auto prev = last_decl_.find(id); prev != last_decl_.end() && parsed->ok) {
    // GVGAI accepts this silently (themole and vortex do it), so it is only a note.
    ctx_.sink().At(Severity::kNote, line, parsed->name,
                   "sprite " + Quote(parsed->name.text) + " is declared again (first at line " +
                       std::to_string(decls_[prev->second].line->number) +
                       "); GVGAI uses this last declaration");
  }

  Decl decl;
  decl.line = &line;
  decl.name = parsed->name;
  decl.seq = seq_++;
  decl.id = id;
  decl.parent = in.parent;
  decl.cls = in.cls.empty() && parsed->cls ? parsed->cls->text : in.cls;
  if (parsed->cls && !FindSpriteClass(parsed->cls->text)) {
    ReportUnknownClass(line, *parsed->cls, in.cls, tree_.node(node).children.empty());
  }
  decl.params = in.params;
  for (const Param& p : parsed->params) decl.params[p.key] = p;
  decl.itypes = in.types;
  decl.itypes.push_back(id);
  decl.subtypes = decl.itypes;
  const Node& tree_node = tree_.node(node);
  decl.leaf = tree_node.children.empty();
  decl.broken = !parsed->ok;
  if (decl.broken) {
    decls_.push_back(std::move(decl));
    last_decl_[id] = decls_.size() - 1;
    return static_cast<int>(decls_.size() - 1);
  }

  if (singleton_.size() <= static_cast<size_t>(id)) singleton_.resize(static_cast<size_t>(id) + 1);
  for (const Param& p : parsed->params) {
    if (p.key == "singleton" && EqualsIgnoreCase(p.value, "true")) {
      singleton_[static_cast<size_t>(id)] = true;
    }
  }
  if (decl.leaf) {
    if (last_leaf_seq_.size() <= static_cast<size_t>(id)) {
      last_leaf_seq_.resize(static_cast<size_t>(id) + 1, -1);
    }
    last_leaf_seq_[static_cast<size_t>(id)] = 2 + decl.seq;
  } else {
    // The class passed down is this line's own class if it names one (spec §2.5).
    ReadChildren(tree_node, parsed->cls ? parsed->cls->text : in.cls, decl, depth);
  }
  decls_.push_back(std::move(decl));
  const size_t index = decls_.size() - 1;
  // Pre-order: a declaration inside this one's subtree was visited later and wins.
  const auto it = last_decl_.find(id);
  if (it == last_decl_.end() || decls_[it->second].seq < decls_[index].seq) last_decl_[id] = index;
  return static_cast<int>(index);
}

void SpriteSetReader::CheckCreatable(const Decl& decl, const SpriteDef& def, bool has_class,
                                     const std::set<std::string, std::less<>>& assigned) {
  std::string reason;
  if (!has_class) {
    if (!decl.cls.empty()) return;  // an unknown class name: already an error
    reason = "it has no class (neither its line nor a parent line names one)";
  } else if (const std::string_view key = TraitsOf(def.cls).required_param;
             !key.empty() && assigned.count(key) == 0) {
    reason = std::string(SpriteClassName(def.cls)) + " needs " + std::string(key) +
             "=, and GVGAI fails to build it without one";
  }
  if (reason.empty()) return;
  ctx_.uncreatable[static_cast<size_t>(decl.id)] = reason;
  if (decl.leaf) {
    // GVGAI only fails when such a sprite is created, so loading the game stays silent.
    ctx_.sink().At(Severity::kNote, *decl.line, decl.name,
                   "GVGAI cannot create sprites of type " + Quote(decl.name.text) + ": " + reason);
  }
}

void SpriteSetReader::ApplyClassAndParams(const Decl& decl, SpriteDef& def) {
  if (decl.broken) {
    PostProcessSprite(def.cls, def);
    return;
  }
  const std::optional<SpriteClass> cls = FindSpriteClass(decl.cls);
  def.cls = cls.value_or(SpriteClass::kImmovable);
  std::set<std::string, std::less<>> assigned;
  for (const auto& [key, p] : decl.params) def.raw_params[std::string(key)] = std::string(p.value);
  if (cls) {
    ApplySpriteClassDefaults(*cls, def);
    std::vector<Param> params;
    for (const auto& [key, p] : decl.params) params.push_back(p);
    const std::string owner = std::string(SpriteClassName(*cls)) + " " + Quote(decl.name.text);
    assigned = ApplyParams(
        ctx_, params, def, [&](std::string_view name) { return FindSpriteField(*cls, name); },
        SpriteFieldNames(*cls), owner, UnknownParams::kWarn);
    PostProcessSprite(*cls, def);
  } else {
    // GVGAI never builds a sprite without class; the placeholder only keeps the definition
    // consistent (cooldown >= 1, ...) for code that walks every type.
    ApplySpriteClassDefaults(def.cls, def);
    PostProcessSprite(def.cls, def);
  }
  CheckCreatable(decl, def, cls.has_value(), assigned);
}

SpriteDef SpriteSetReader::BuildType(TypeId id) {
  const auto it = last_decl_.find(id);
  if (it == last_decl_.end()) return DefaultType(id);
  const Decl& decl = decls_[it->second];
  SpriteDef def;
  def.name = std::string(decl.name.text);
  def.id = id;
  def.parent = decl.parent;
  def.children = decl.children;
  def.is_leaf = decl.leaf;
  def.declared = true;
  def.itypes = decl.itypes;
  def.subtypes = decl.subtypes;
  def.loc = {decl.line->number, decl.name.column};
  ApplyClassAndParams(decl, def);
  return def;
}

// GVGAI's built-in wall and avatar, used when the SpriteSet does not declare them.
SpriteDef SpriteSetReader::DefaultType(TypeId id) {
  SpriteDef def;
  def.id = id;
  def.itypes = {id};
  def.subtypes = {id};
  if (id == kWallType) {
    def.name = "wall";
    def.cls = SpriteClass::kImmovable;
    ApplySpriteClassDefaults(def.cls, def);
    def.color = {30, 30, 30};  // DARKGRAY
    def.has_color = true;
    def.solid = true;
    def.raw_params = {{"color", "DARKGRAY"}, {"solid", "True"}};
  } else {
    def.name = "avatar";
    def.cls = SpriteClass::kMovingAvatar;
    ApplySpriteClassDefaults(def.cls, def);
  }
  PostProcessSprite(def.cls, def);
  return def;
}

std::vector<TypeId> SpriteSetReader::SpriteOrder() const {
  std::vector<std::pair<int, TypeId>> ranked;
  for (size_t id = 0; id < last_leaf_seq_.size(); ++id) {
    if (last_leaf_seq_[id] >= 0 && static_cast<TypeId>(id) != kAvatarType) {
      ranked.emplace_back(last_leaf_seq_[id], static_cast<TypeId>(id));
    }
  }
  std::sort(ranked.begin(), ranked.end());
  std::vector<TypeId> order;
  for (const auto& [seq, id] : ranked) order.push_back(id);
  // GVGAI's changeSpriteOrder fills the last slot(s) with the type named "avatar".
  order.push_back(kAvatarType);
  return order;
}

void SpriteSetReader::Finish() {
  GameDef& game = ctx_.game();
  const auto count = ctx_.type_names().size();
  ctx_.uncreatable.assign(count, "");
  singleton_.resize(count);
  last_leaf_seq_.resize(count, -1);
  game.types.clear();
  for (size_t id = 0; id < count; ++id) {
    SpriteDef def = BuildType(static_cast<TypeId>(id));
    def.singleton = singleton_[id];
    const auto players = static_cast<size_t>(std::max(1, game.no_players));
    // GVGAI reads hidden[p] or, past the list's end, its last element; invisible falls back
    // to element 0. An absent list is all false.
    if (def.hidden.empty()) def.hidden.push_back(false);
    while (def.hidden.size() < players) def.hidden.push_back(def.hidden.back());
    if (def.invisible.empty()) def.invisible.push_back(false);
    while (def.invisible.size() < players) def.invisible.push_back(def.invisible.front());
    game.types.push_back(std::move(def));
  }
  game.sprite_order = SpriteOrder();
  game.resource_limit.assign(count, 0);
  for (const SpriteDef& def : game.types) {
    if (def.cls == SpriteClass::kResource) {
      game.resource_limit[static_cast<size_t>(def.id)] = def.limit;
    }
  }
}

}  // namespace

void ReadSpriteSet(LoadContext& ctx, const SyntaxTree& tree, int section_node) {
  SpriteSetReader reader(ctx, tree);
  if (section_node >= 0) reader.Read(section_node);
  reader.Finish();
}

}  // namespace vgdl::lang
