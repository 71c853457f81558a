// The level editor's window.
#include "tools/window/editor_window.h"

#include <SFML/Graphics.hpp>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/render.h"
#include "tools/window/painter.h"
#include "vgdl/loader.h"

namespace vgdl::window {

namespace {

namespace fs = std::filesystem;

constexpr unsigned kTextSize = 14;
constexpr float kLineHeight = 19.0f;
constexpr float kPanelHeight = 4 * kLineHeight + 6.0f;  // check, message, two lines of keys
constexpr float kPaletteWidth = 230.0f;
constexpr float kPaletteTop = 26.0f;  // below the palette's heading
constexpr float kMaxEntryHeight = 40.0f;
constexpr int kIconBlock = 32;  // pixels a palette icon is drawn at before scaling
constexpr unsigned kMinHeight = 520;
constexpr double kMessageMs = 6000.0;

const sf::Color kPanelColor(24, 24, 32);
const sf::Color kPaletteColor(32, 32, 44);
const sf::Color kSelectedColor(70, 90, 150);
const sf::Color kTextColor(235, 235, 235);
const sf::Color kErrorColor(255, 120, 110);
const sf::Color kWarningColor(240, 200, 90);
const sf::Color kOkColor(140, 220, 140);
const sf::Color kGridColor(255, 255, 255, 40);

// The level `text` of `game` loaded and built at `block` pixels a cell, drawn; nullopt when it
// does not load or build.
std::optional<Canvas> DrawLevel(std::shared_ptr<const GameDef> game, std::optional<LevelDef> level,
                                int block, SpriteImages* images) {
  if (!level) return std::nullopt;
  if (block > 0) level->block_size = block;
  try {
    const State state(std::move(game), *level, 0);
    return PaintFrame(BuildRenderList(state), images);
  } catch (const std::exception&) {
    return std::nullopt;  // the check says what is wrong; the cells are drawn from the palette
  }
}

std::string FirstLine(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

class EditorWindow {
 public:
  EditorWindow(LevelEditor& editor, const EditorOptions& options)
      : editor_(editor),
        options_(options),
        images_(options.window.sprites, options.window.default_sprites ? &defaults_ : nullptr) {}

  int Run() {
    MakeIcons();
    ComposeLevel();
    if (!Open()) return 1;
    has_font_ = LoadFont(font_);
    if (!has_font_) std::cerr << "vgdl: no font found (install fonts-dejavu-core): no text\n";
    while (window_.isOpen()) {
      for (sf::Event e; window_.isOpen() && window_.pollEvent(e);) HandleEvent(e);
      if (!window_.isOpen()) break;
      Present();
      sf::sleep(sf::milliseconds(10));
    }
    return 0;
  }

 private:
  // --- Setting up ----------------------------------------------------------------------

  // Each palette entry drawn as a one-cell level of its character: its sprites stacked in the
  // game's sprite order, as a cell of the level shows them.
  void MakeIcons() {
    const auto& palette = editor_.palette();
    icons_.resize(palette.size());
    icon_canvases_.clear();
    for (size_t i = 0; i < palette.size(); ++i) {
      LevelLoad one = LoadLevelFromText(editor_.game(), palette[i].text + "\n", "palette");
      std::optional<Canvas> canvas =
          DrawLevel(one.PlayedWith(editor_.game_ptr()), std::move(one.level), kIconBlock, &images_);
      if (!canvas) {
        canvas = Canvas(kIconBlock, kIconBlock, kBackground);
        canvas->FillRect(Rect{0, 0, kIconBlock, kIconBlock}, Color{90, 30, 30});
      }
      UploadCanvas(*canvas, icons_[i]);
      icon_canvases_.push_back(*std::move(canvas));
    }
    // The first character that is not the erase character: painting starts with something.
    for (size_t i = 0; i < palette.size(); ++i) {
      if (palette[i].text != editor_.erase_char()) {
        selected_ = static_cast<int>(i);
        break;
      }
    }
  }

  bool Open() {
    const double gw = std::max(level_canvas_.width(), 1);
    const double gh = std::max(level_canvas_.height(), 1);
    const double scale =
        LevelScale(gw, gh, static_cast<double>(kPaletteWidth), static_cast<double>(kPanelHeight));
    const auto w =
        static_cast<unsigned>(std::lround(gw * scale + static_cast<double>(kPaletteWidth)));
    const auto h = std::max(
        kMinHeight,
        static_cast<unsigned>(std::lround(gh * scale + static_cast<double>(kPanelHeight))));
    return OpenWindow(window_, w, h, Title(), "");
  }

  // --- Events ---------------------------------------------------------------------------

  void HandleEvent(const sf::Event& e) {
    switch (e.type) {
      case sf::Event::Closed:
        window_.close();
        break;
      case sf::Event::Resized:
        ResetView();
        break;
      case sf::Event::GainedFocus:
        dirty_ = true;
        break;
      case sf::Event::LostFocus:
        stroke_ = Stroke::kNone;
        break;
      case sf::Event::MouseButtonPressed:
        MousePressed(e.mouseButton.button, e.mouseButton.x, e.mouseButton.y);
        break;
      case sf::Event::MouseMoved:
        if (stroke_ != Stroke::kNone) StrokeAt(e.mouseMove.x, e.mouseMove.y);
        break;
      case sf::Event::MouseButtonReleased:
        stroke_ = Stroke::kNone;
        break;
      case sf::Event::KeyPressed:
        KeyPressed(e.key);
        break;
      default:
        break;
    }
  }

  void ResetView() {
    const sf::Vector2u size = window_.getSize();
    window_.setView(
        sf::View(sf::FloatRect(0, 0, static_cast<float>(size.x), static_cast<float>(size.y))));
    dirty_ = true;
  }

  void MousePressed(sf::Mouse::Button button, int x, int y) {
    const int entry = PaletteEntryAt(x, y);
    if (entry >= 0) {
      if (button == sf::Mouse::Left) Select(entry);
      return;
    }
    const auto cell = CellAt(x, y);
    if (!cell) return;
    if (button == sf::Mouse::Middle) {
      // Picks the character under the mouse, as a paint program's colour picker.
      const std::string& text = editor_.Cell(cell->x, cell->y);
      const auto& palette = editor_.palette();
      for (size_t i = 0; i < palette.size(); ++i) {
        if (palette[i].text == text) Select(static_cast<int>(i));
      }
      return;
    }
    stroke_ = button == sf::Mouse::Left    ? Stroke::kPaint
              : button == sf::Mouse::Right ? Stroke::kErase
                                           : Stroke::kNone;
    stroke_from_.reset();
    if (stroke_ != Stroke::kNone) editor_.Remember();
    StrokeAt(x, y);
  }

  void Select(int entry) {
    selected_ = entry;
    const PaletteEntry& e = editor_.palette()[static_cast<size_t>(entry)];
    std::cout << "selected: " << e.text << " (" << e.sprite_names << ")\n" << std::flush;
    dirty_ = true;
  }

  // A left drag paints every cell it crosses, a right drag erases. The mouse reports where it
  // is now and then, not every cell it passed: the cells on the line from the last one are
  // painted too.
  void StrokeAt(int x, int y) {
    const auto cell = CellAt(x, y);
    if (!cell) {
      stroke_from_.reset();
      return;
    }
    const sf::Vector2i from = stroke_from_.value_or(*cell);
    const int steps = std::max(std::abs(cell->x - from.x), std::abs(cell->y - from.y));
    bool changed = false;
    for (int i = 0; i <= steps; ++i) {
      const double t = steps == 0 ? 0.0 : static_cast<double>(i) / steps;
      const int cx = from.x + static_cast<int>(std::lround(t * (cell->x - from.x)));
      const int cy = from.y + static_cast<int>(std::lround(t * (cell->y - from.y)));
      if (stroke_ == Stroke::kPaint && selected_ >= 0) {
        changed |= editor_.Paint(cx, cy, editor_.palette()[static_cast<size_t>(selected_)].text);
      } else if (stroke_ == Stroke::kErase) {
        changed |= editor_.Erase(cx, cy);
      }
    }
    stroke_from_ = *cell;
    if (changed) Edited();
  }

  void KeyPressed(const sf::Event::KeyEvent& key) {
    if (key.code != sf::Keyboard::Escape) quit_armed_ = false;
    switch (key.code) {
      case sf::Keyboard::Escape:
        if (editor_.modified() && !quit_armed_) {
          quit_armed_ = true;
          Message("unsaved changes: Ctrl+S saves, Esc again quits without saving");
        } else {
          window_.close();
        }
        break;
      case sf::Keyboard::S:
        if (key.control) Save();
        break;
      case sf::Keyboard::Z:
        if (key.control) {
          if (editor_.Undo()) {
            Message("undone");
            Edited();
          } else {
            Message("nothing to undo");
          }
        }
        break;
      case sf::Keyboard::C:
        Resize(key.shift ? -1 : 1, 0);
        break;
      case sf::Keyboard::R:
        Resize(0, key.shift ? -1 : 1);
        break;
      case sf::Keyboard::P:
        Play();
        break;
      case sf::Keyboard::V:
        Solve();
        break;
      case sf::Keyboard::F12:
        screenshot_ = true;  // taken at the next redraw
        dirty_ = true;
        break;
      default:
        break;
    }
  }

  // --- Editing ---------------------------------------------------------------------------

  void Resize(int columns, int rows) {
    const int w = editor_.width() + columns;
    const int h = editor_.height() + rows;
    if (w < 1 || h < 1) return;
    editor_.Remember();
    editor_.Resize(w, h);
    Message("grid " + std::to_string(editor_.width()) + " x " + std::to_string(editor_.height()));
    Edited();
  }

  void Edited() {
    ComposeLevel();
    dirty_ = true;
  }

  void Save() {
    std::string error;
    if (editor_.Save(options_.save_path, &error)) {
      std::cout << "saved: " << options_.save_path.string() << "\n" << std::flush;
      Message("saved " + options_.save_path.string());
    } else {
      std::cerr << "vgdl edit: " << error << "\n";
      Message(error);
    }
  }

  // P: the grid played in this window by the play window's own loop (keys, pace, F5 ...);
  // Escape there comes back here.
  void Play() {
    SessionConfig config = options_.play;
    config.level_text = editor_.Text();
    GameSession session(config);
    if (!session.Load()) {
      const std::string why = "cannot play: " + FirstLine(session.errors());
      std::cout << "play: " << why << "\n" << std::flush;
      Message(why);
      return;
    }
    std::cout << "play: started\n" << std::flush;
    RunWindowIn(window_, session, options_.window);
    if (!window_.isOpen()) return;
    std::cout << "play: back in the editor\n" << std::flush;
    window_.setKeyRepeatEnabled(true);
    window_.setTitle(Title());
    ResetView();
    stroke_ = Stroke::kNone;
  }

  // V: whether the level can be won, from the solver with the limits the command gave it.
  void Solve() {
    std::string answer;
    const LevelCheck& check = editor_.Check();
    if (!options_.solve) {
      answer = "no solver in this build";
    } else if (!check.level) {
      answer = "the level has errors: " + check.Summary();
    } else if (check.played_with->no_players != 1) {
      answer = "the solver plays one-player games only";
    } else {
      Message("solving ...");
      Present();
      try {
        const State state(check.played_with, *check.level, 0);
        answer = options_.solve(state);
      } catch (const std::exception& e) {
        answer = std::string("the level does not build: ") + e.what();
      }
    }
    std::cout << "solve: " << answer << "\n" << std::flush;
    Message("solve: " + answer);
  }

  void Message(std::string text) {
    message_ = std::move(text);
    message_until_ = clock_.getElapsedTime().asMilliseconds() + kMessageMs;
    dirty_ = true;
  }

  // --- Geometry ----------------------------------------------------------------------------

  float AreaWidth() const {
    return std::max(1.0f, static_cast<float>(window_.getSize().x) - kPaletteWidth);
  }
  float AreaHeight() const {
    return std::max(1.0f, static_cast<float>(window_.getSize().y) - kPanelHeight);
  }

  // Where the level is drawn: its top left corner and pixels per canvas pixel.
  sf::Vector2f LevelOrigin(float* scale) const {
    const float gw = static_cast<float>(std::max(level_canvas_.width(), 1));
    const float gh = static_cast<float>(std::max(level_canvas_.height(), 1));
    *scale = std::min(AreaWidth() / gw, AreaHeight() / gh);
    return {std::floor((AreaWidth() - gw * *scale) / 2),
            std::floor((AreaHeight() - gh * *scale) / 2)};
  }

  std::optional<sf::Vector2i> CellAt(int x, int y) const {
    float scale = 1.0f;
    const sf::Vector2f origin = LevelOrigin(&scale);
    const float w = static_cast<float>(level_canvas_.width()) * scale;
    const float h = static_cast<float>(level_canvas_.height()) * scale;
    const float fx = (static_cast<float>(x) - origin.x) / w;
    const float fy = (static_cast<float>(y) - origin.y) / h;
    if (fx < 0.0f || fy < 0.0f || fx >= 1.0f || fy >= 1.0f) return std::nullopt;
    return sf::Vector2i(static_cast<int>(fx * static_cast<float>(editor_.width())),
                        static_cast<int>(fy * static_cast<float>(editor_.height())));
  }

  float EntryHeight() const {
    const auto n = static_cast<float>(std::max<size_t>(editor_.palette().size(), 1));
    return std::clamp((AreaHeight() - kPaletteTop) / n, 12.0f, kMaxEntryHeight);
  }

  int PaletteEntryAt(int x, int y) const {
    if (static_cast<float>(x) < AreaWidth()) return -1;
    const float top = static_cast<float>(y) - kPaletteTop;
    if (top < 0.0f) return -1;
    const auto i = static_cast<size_t>(top / EntryHeight());
    return i < editor_.palette().size() ? static_cast<int>(i) : -1;
  }

  // --- Drawing -------------------------------------------------------------------------------

  // The grid as the game draws it when the level loads; otherwise each cell as its palette
  // icon, and a character the palette lacks as a dark red cell.
  void ComposeLevel() {
    const LevelCheck& check = editor_.Check();
    std::optional<Canvas> drawn = DrawLevel(check.played_with, check.level, 0, &images_);
    if (drawn) {
      level_canvas_ = *std::move(drawn);
    } else {
      level_canvas_ =
          Canvas(editor_.width() * kIconBlock, editor_.height() * kIconBlock, kBackground);
      const auto& palette = editor_.palette();
      for (int y = 0; y < editor_.height(); ++y) {
        for (int x = 0; x < editor_.width(); ++x) {
          const Rect cell{x * kIconBlock, y * kIconBlock, kIconBlock, kIconBlock};
          const auto it = std::find_if(palette.begin(), palette.end(),
                                       [&](const auto& e) { return e.text == editor_.Cell(x, y); });
          if (it == palette.end()) {
            if (editor_.Cell(x, y) != " ") level_canvas_.FillRect(cell, Color{90, 30, 30});
            continue;
          }
          const Canvas& icon = icon_canvases_[static_cast<size_t>(it - palette.begin())];
          const ImageView view{icon.width(), icon.height(), icon.rgba().data()};
          level_canvas_.DrawImage(view, cell.x, cell.y, cell.w, cell.h);
        }
      }
    }
    UploadCanvas(level_canvas_, level_texture_);
    const std::string summary = check.Summary();
    if (summary != printed_check_) {
      printed_check_ = summary;
      std::cout << "check: " << summary << "\n" << std::flush;
    }
  }

  std::string Title() const {
    return "vgdl edit: " + options_.title + " -> " + options_.save_path.filename().string() +
           (editor_.modified() ? " (modified)" : "");
  }

  void Present() {
    const double now = clock_.getElapsedTime().asMilliseconds();
    if (!message_.empty() && now > message_until_) {
      message_.clear();
      dirty_ = true;
    }
    if (!dirty_ && now - last_draw_ < 500.0) return;
    dirty_ = false;
    last_draw_ = now;
    window_.setTitle(Title());
    window_.clear(sf::Color::Black);
    DrawLevelArea();
    DrawPalette();
    DrawPanel();
    if (screenshot_) Screenshot();
    window_.display();
  }

  void DrawLevelArea() {
    float scale = 1.0f;
    const sf::Vector2f origin = LevelOrigin(&scale);
    sf::Sprite sprite(level_texture_);
    sprite.setScale(scale, scale);
    sprite.setPosition(origin);
    window_.draw(sprite);
    // Faint cell lines: where a click lands.
    const float cw = static_cast<float>(level_canvas_.width()) * scale /
                     static_cast<float>(std::max(editor_.width(), 1));
    const float ch = static_cast<float>(level_canvas_.height()) * scale /
                     static_cast<float>(std::max(editor_.height(), 1));
    if (cw < 6.0f || ch < 6.0f) return;
    sf::VertexArray lines(sf::Lines);
    const float right = origin.x + cw * static_cast<float>(editor_.width());
    const float bottom = origin.y + ch * static_cast<float>(editor_.height());
    for (int x = 0; x <= editor_.width(); ++x) {
      const float px = origin.x + cw * static_cast<float>(x);
      lines.append(sf::Vertex({px, origin.y}, kGridColor));
      lines.append(sf::Vertex({px, bottom}, kGridColor));
    }
    for (int y = 0; y <= editor_.height(); ++y) {
      const float py = origin.y + ch * static_cast<float>(y);
      lines.append(sf::Vertex({origin.x, py}, kGridColor));
      lines.append(sf::Vertex({right, py}, kGridColor));
    }
    window_.draw(lines);
  }

  void DrawPalette() {
    const float x0 = AreaWidth();
    sf::RectangleShape back(sf::Vector2f(kPaletteWidth, AreaHeight()));
    back.setPosition(x0, 0.0f);
    back.setFillColor(kPaletteColor);
    window_.draw(back);
    DrawText("LevelMapping", x0 + 8.0f, 4.0f, kTextColor, kPaletteWidth - 16.0f);
    const float h = EntryHeight();
    const auto& palette = editor_.palette();
    for (size_t i = 0; i < palette.size(); ++i) {
      const float y = kPaletteTop + h * static_cast<float>(i);
      if (static_cast<int>(i) == selected_) {
        sf::RectangleShape mark(sf::Vector2f(kPaletteWidth, h));
        mark.setPosition(x0, y);
        mark.setFillColor(kSelectedColor);
        window_.draw(mark);
      }
      const float icon = h - 4.0f;
      sf::Sprite sprite(icons_[i]);
      const sf::Vector2u size = icons_[i].getSize();
      sprite.setScale(icon / static_cast<float>(std::max(size.x, 1u)),
                      icon / static_cast<float>(std::max(size.y, 1u)));
      sprite.setPosition(x0 + 6.0f, y + 2.0f);
      window_.draw(sprite);
      std::string label = "'" + palette[i].text + "' " + palette[i].sprite_names;
      if (palette[i].text == editor_.erase_char()) label += " (erase)";
      DrawText(label, x0 + 12.0f + icon, y + (h - kLineHeight) / 2, kTextColor,
               kPaletteWidth - 18.0f - icon);
    }
  }

  void DrawPanel() {
    const float width = static_cast<float>(window_.getSize().x);
    const float top = static_cast<float>(window_.getSize().y) - kPanelHeight;
    sf::RectangleShape panel(sf::Vector2f(width, kPanelHeight));
    panel.setPosition(0.0f, top);
    panel.setFillColor(kPanelColor);
    window_.draw(panel);
    const LevelCheck& check = editor_.Check();
    const sf::Color check_color = check.errors() > 0     ? kErrorColor
                                  : check.warnings() > 0 ? kWarningColor
                                                         : kOkColor;
    float y = top + 3.0f;
    DrawText("check: " + check.Summary(), 8.0f, y, check_color, width - 16.0f);
    y += kLineHeight;
    std::string line = message_;
    if (line.empty()) {
      line = "grid " + std::to_string(editor_.width()) + " x " + std::to_string(editor_.height()) +
             "   painting " +
             (selected_ >= 0 ? "'" + editor_.palette()[static_cast<size_t>(selected_)].text + "'"
                             : std::string("nothing")) +
             ", erasing to '" + editor_.erase_char() + "'";
    }
    DrawText(line, 8.0f, y, kTextColor, width - 16.0f);
    y += kLineHeight;
    DrawText("left: paint  right: erase  middle: pick  C/Shift+C: column +/-  R/Shift+R: row +/-",
             8.0f, y, kTextColor, width - 16.0f);
    y += kLineHeight;
    DrawText("Ctrl+Z undo  Ctrl+S save  P play (Esc: back)  V solve  F12 screenshot  Esc quit",
             8.0f, y, kTextColor, width - 16.0f);
  }

  // One line of text; a line wider than `room` is squeezed to fit.
  void DrawText(const std::string& line, float x, float y, sf::Color color, float room) {
    if (!has_font_) return;
    sf::Text text(sf::String::fromUtf8(line.begin(), line.end()), font_, kTextSize);
    text.setFillColor(color);
    text.setPosition(x, y);
    const float width = text.getLocalBounds().width;
    if (width > room && room > 0.0f) text.setScale(room / width, 1.0f);
    window_.draw(text);
  }

  // F12: the whole window, palette and panel included (read back before display()).
  void Screenshot() {
    screenshot_ = false;
    const sf::Vector2u size = window_.getSize();
    sf::Texture copy;
    if (!copy.create(size.x, size.y)) return;
    copy.update(window_);
    const fs::path dir =
        options_.window.screenshot_dir.empty() ? fs::path(".") : options_.window.screenshot_dir;
    const fs::path path = FreshPath(dir, options_.save_path.stem().string() + "-edit", ".png");
    if (copy.copyToImage().saveToFile(path.string())) {
      std::cout << "screenshot: " << path.string() << "\n" << std::flush;
    } else {
      std::cerr << "vgdl edit: cannot write '" << path.string() << "'\n";
    }
  }

  enum class Stroke { kNone, kPaint, kErase };

  LevelEditor& editor_;
  EditorOptions options_;
  DefaultSprites defaults_;
  SpriteImages images_;
  sf::RenderWindow window_;
  sf::Font font_;
  bool has_font_ = false;
  sf::Clock clock_;
  std::vector<sf::Texture> icons_;
  std::vector<Canvas> icon_canvases_;  // the same pixels, for cells drawn without the game
  Canvas level_canvas_;
  sf::Texture level_texture_;
  int selected_ = -1;
  Stroke stroke_ = Stroke::kNone;
  std::optional<sf::Vector2i> stroke_from_;  // the stroke's last cell
  bool dirty_ = true;
  bool screenshot_ = false;
  bool quit_armed_ = false;
  double last_draw_ = -1e9;
  std::string message_;
  double message_until_ = 0.0;
  std::string printed_check_;
};

}  // namespace

int RunEditor(LevelEditor& editor, const EditorOptions& options) {
  EditorWindow window(editor, options);
  return window.Run();
}

}  // namespace vgdl::window
