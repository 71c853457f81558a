// The SFML window.
#include "tools/window/window.h"

#include <SFML/Graphics.hpp>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "tools/window/painter.h"
#include "tools/window/reload_watch.h"
#include "vgdl/java_math.h"

namespace vgdl::window {

namespace {

namespace fs = std::filesystem;

constexpr unsigned kTextSize = 14;
constexpr float kLineHeight = 19.0f;
constexpr float kPanelHeight = 4 * kLineHeight + 6.0f;  // status, agent/replay, message, keys
constexpr int kSpeedMin = -3;                           // 1/8 of the pace
constexpr int kSpeedMax = 4;                            // 16 times the pace
constexpr double kMessageMs = 4000.0;
constexpr double kLongSide = 800.0;  // GVGAI's MAX_WINDOW_SIZE
constexpr unsigned kMinWidth = 640;

const sf::Color kPanelColor(24, 24, 32);
const sf::Color kTextColor(235, 235, 235);
const sf::Color kErrorColor(255, 120, 110);

// GVGAI's Types.ALL_ACTIONS: player 0 on the arrows and space, player 1 on W A S D and Shift.
struct KeyBinding {
  sf::Keyboard::Key key;
  int player;
  GameKey game_key;
};
constexpr KeyBinding kBindings[] = {
    {sf::Keyboard::Up, 0, GameKey::kUp},     {sf::Keyboard::Left, 0, GameKey::kLeft},
    {sf::Keyboard::Down, 0, GameKey::kDown}, {sf::Keyboard::Right, 0, GameKey::kRight},
    {sf::Keyboard::Space, 0, GameKey::kUse}, {sf::Keyboard::W, 1, GameKey::kUp},
    {sf::Keyboard::A, 1, GameKey::kLeft},    {sf::Keyboard::S, 1, GameKey::kDown},
    {sf::Keyboard::D, 1, GameKey::kRight},   {sf::Keyboard::LShift, 1, GameKey::kUse},
};

const KeyBinding* BindingOf(sf::Keyboard::Key key) {
  for (const KeyBinding& b : kBindings) {
    if (b.key == key) return &b;
  }
  return nullptr;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

class PlayWindow {
 public:
  // `external`: play in that window (`vgdl edit`'s play mode), which stays open after Escape.
  PlayWindow(GameSession& session, const WindowOptions& options,
             sf::RenderWindow* external = nullptr)
      : window_(external != nullptr ? *external : own_window_),
        external_(external != nullptr),
        session_(session),
        options_(options),
        images_(options.sprites, options.default_sprites ? &defaults_ : nullptr),
        input_(session.players(), session.pulse_keys()) {
    if (options.watch) watch_.emplace(session.SourceFiles());
  }

  int Run() {
    if (!Open()) return 1;
    has_font_ = LoadFont(font_);
    if (!has_font_) std::cerr << "vgdl: no font found (install fonts-dejavu-core): no text\n";
    ResetPace();
    while (Showing()) {
      for (sf::Event e; Showing() && window_.pollEvent(e);) HandleEvent(e);
      if (!Showing()) break;
      if (watch_ && watch_->Due(Now())) WatchedFilesChanged();
      Advance();
      CheckEnd();
      if (!Showing()) break;
      Present();
      Sleep();
    }
    Quit();
    return 0;
  }

 private:
  bool Showing() const { return window_.isOpen() && !done_; }

  // Escape, or the end of the game with --exit-on-end: a window of our own closes; a borrowed
  // one goes back to its owner.
  void Close() {
    if (external_) {
      done_ = true;
    } else {
      window_.close();
    }
  }

  bool Open() {
    if (external_) {
      window_.setTitle(Title());
      const sf::Vector2u size = window_.getSize();
      window_.setView(
          sf::View(sf::FloatRect(0, 0, static_cast<float>(size.x), static_cast<float>(size.y))));
      window_.setKeyRepeatEnabled(false);
      dirty_ = true;
      return true;
    }
    const State* state = session_.state();
    const int gw = state ? std::max(state->screen_width(), 1) : 800;
    const int gh = state ? std::max(state->screen_height(), 1) : 600;
    const double scale = LevelScale(gw, gh, 0.0, static_cast<double>(kPanelHeight));
    const auto w = std::max(kMinWidth, static_cast<unsigned>(std::lround(gw * scale)));
    const auto h =
        static_cast<unsigned>(std::lround(gh * scale + static_cast<double>(kPanelHeight)));
    if (!OpenWindow(window_, w, h, Title(), " try `vgdl render` or `vgdl replay --headless`")) {
      return false;
    }
    window_.setKeyRepeatEnabled(false);  // a held key is one press (one pulse)
    dirty_ = true;
    return true;
  }

  // --- Events ---------------------------------------------------------------------------

  void HandleEvent(const sf::Event& e) {
    switch (e.type) {
      case sf::Event::Closed:
        window_.close();
        break;
      case sf::Event::Resized:
        window_.setView(sf::View(sf::FloatRect(0, 0, static_cast<float>(e.size.width),
                                               static_cast<float>(e.size.height))));
        dirty_ = true;
        break;
      case sf::Event::LostFocus:
        input_.ReleaseHeld();
        break;
      case sf::Event::GainedFocus:
        dirty_ = true;
        break;
      case sf::Event::KeyPressed:
        KeyPressed(e.key.code, e.key.control);
        break;
      case sf::Event::KeyReleased:
        KeyReleased(e.key.code);
        break;
      default:
        break;
    }
  }

  // Whether a human plays `player`: not in replays, not the agent's player 0.
  bool HumanControls(int player) const {
    return session_.loaded() && !session_.replaying() && !(player == 0 && session_.has_agent());
  }

  void KeyPressed(sf::Keyboard::Key key, bool control) {
    if (const KeyBinding* b = BindingOf(key)) {
      if (HumanControls(b->player)) input_.Press(b->player, b->game_key);
      return;
    }
    switch (key) {
      case sf::Keyboard::Escape:
        session_.Abort();
        Close();
        break;
      case sf::Keyboard::P:
        paused_ = !paused_;
        Message(paused_ ? "paused (N: one tick, P: go on)" : "");
        ResetPace();
        break;
      case sf::Keyboard::N:
        if (paused_) StepGame();
        break;
      case sf::Keyboard::R:
        Restart();
        break;
      case sf::Keyboard::F5:
        Reload();
        break;
      case sf::Keyboard::F2:
        SaveRecord(true);
        break;
      case sf::Keyboard::F12:
        if (control) {
          window_shot_ = true;  // taken at the next redraw, panel included
          dirty_ = true;
        } else {
          Screenshot();
        }
        break;
      case sf::Keyboard::Add:
      case sf::Keyboard::Equal:
        ChangeSpeed(+1);
        break;
      case sf::Keyboard::Subtract:
      case sf::Keyboard::Hyphen:
        ChangeSpeed(-1);
        break;
      default:
        break;
    }
  }

  void KeyReleased(sf::Keyboard::Key key) {
    const KeyBinding* b = BindingOf(key);
    if (b != nullptr && HumanControls(b->player)) input_.Release(b->player, b->game_key);
  }

  // --- The game -------------------------------------------------------------------------

  double Now() const {
    return static_cast<double>(clock_.getElapsedTime().asMicroseconds()) / 1000.0;
  }

  double PeriodMs() const {
    const double base = options_.tick_ms >= 0.0 ? options_.tick_ms : DefaultTickMs(session_);
    return base * std::pow(2.0, -speed_);
  }

  void ResetPace() { next_tick_ = Now() + PeriodMs(); }

  bool Running() const { return session_.loaded() && !session_.over() && !paused_; }

  void StepGame() {
    if (!session_.loaded() || session_.over()) return;
    session_.Tick(input_);
    dirty_ = true;
  }

  void Advance() {
    if (!Running()) return;
    const double period = PeriodMs();
    if (period <= 0.0) {
      // As fast as possible, but the window still answers and redraws every frame.
      const double until = Now() + 15.0;
      while (Running() && Now() < until) StepGame();
      return;
    }
    const double now = Now();
    if (now < next_tick_) return;
    StepGame();
    next_tick_ += period;
    if (next_tick_ < now) next_tick_ = now + period;  // fell behind: do not race to catch up
  }

  void CheckEnd() {
    if (!session_.loaded() || !session_.over() || ended_game_ == session_.games_started()) return;
    ended_game_ = session_.games_started();
    SaveRecord(false);
    PrintResult();
    if (const auto match = session_.ReplayMatches(); match && !*match) {
      std::cout << "replay: the result differs from the recorded one\n";
    }
    if (options_.exit_on_end) Close();
  }

  void Restart() {
    if (!session_.loaded()) return;
    if (ended_game_ != session_.games_started()) {
      SaveRecord(false);
      PrintResult();
    }
    session_.Restart();
    input_.Clear();
    ResetPace();
    Message("restarted, seed " + std::to_string(session_.seed()));
  }

  void Reload() {
    if (session_.loaded() && ended_game_ != session_.games_started()) {
      SaveRecord(false);
      PrintResult();
    }
    const bool ok = session_.Reload();
    input_ = HumanInput(session_.players(), session_.pulse_keys());
    ResetPace();
    if (ok) {
      Message("reloaded " + session_.game_file().filename().string());
    } else {
      std::cerr << session_.errors() << "\n";
      Message("");
    }
  }

  // --watch: the files changed on disk; reload them as F5 does (the seed kept, errors shown
  // in the window until they are fixed), then watch the files this load read.
  void WatchedFilesChanged() {
    std::cout << "changed on disk: reloading\n" << std::flush;
    Reload();
    if (session_.SourceFiles() != watch_->files()) watch_.emplace(session_.SourceFiles());
  }

  void Quit() {
    if (session_.loaded() && ended_game_ != session_.games_started()) {
      SaveRecord(false);
      PrintResult();
    }
  }

  void PrintResult() {
    const State* state = session_.state();
    if (state == nullptr) return;
    for (int p = 0; p < std::max(state->player_count(), 1); ++p) {
      std::cout << "result" << (state->player_count() > 1 ? " P" + std::to_string(p + 1) : "")
                << ": " << FormatResult(ResultOf(*state, p)) << " seed=" << session_.seed() << "\n";
    }
    std::cout.flush();
  }

  // Writes the current game's action file: to --record (numbered after restarts) or, when
  // asked with F2 and there is no --record, to a new file in the current folder.
  void SaveRecord(bool asked) {
    if (!session_.loaded() || session_.replaying()) return;
    fs::path path;
    if (!options_.record.empty()) {
      path = RecordPath(options_.record, session_.games_started());
    } else if (asked) {
      path = FreshPath(".",
                       session_.game_name() + "-lvl" + std::to_string(session_.level()) + "-seed" +
                           std::to_string(session_.seed()),
                       ".txt");
    } else {
      return;
    }
    std::string error;
    if (SaveActionFile(session_.Record(), path, &error)) {
      std::cout << "actions: " << path.string() << "\n";
      Message("saved " + path.string());
    } else {
      std::cerr << "vgdl: " << error << "\n";
      Message(error);
    }
  }

  fs::path ScreenshotPath(const std::string& suffix) const {
    const fs::path dir = options_.screenshot_dir.empty() ? fs::path(".") : options_.screenshot_dir;
    const int tick = session_.state() != nullptr ? session_.state()->tick() : 0;
    return FreshPath(dir,
                     session_.game_name() + "-lvl" + std::to_string(session_.level()) + "-tick" +
                         std::to_string(tick) + suffix,
                     ".png");
  }

  // F12: the game area exactly as `vgdl render` draws it.
  void Screenshot() {
    if (!session_.loaded()) return;
    const fs::path path = ScreenshotPath("");
    std::string error;
    if (canvas_.SavePng(path, &error)) {
      std::cout << "screenshot: " << path.string() << "\n";
      Message("saved " + path.string());
    } else {
      Message(error);
    }
  }

  void ChangeSpeed(int delta) {
    speed_ = std::clamp(speed_ + delta, kSpeedMin, kSpeedMax);
    ResetPace();
    Message("speed x" + SpeedText());
  }

  std::string SpeedText() const {
    if (speed_ >= 0) return std::to_string(1 << speed_);
    return "1/" + std::to_string(1 << -speed_);
  }

  void Message(std::string text) {
    message_ = std::move(text);
    message_until_ = Now() + kMessageMs;
    dirty_ = true;
  }

  // --- Drawing --------------------------------------------------------------------------

  std::string Title() const {
    std::string title = "vgdl " + std::string(session_.replaying() ? "replay" : "play") + ": " +
                        session_.game_name() + " level " + std::to_string(session_.level());
    const State* state = session_.state();
    if (state == nullptr) return title + " (load error)";
    title +=
        " | Score " + JavaDoubleString(state->player_count() > 0 ? state->player(0).score : 0.0);
    title += " | Tick " + std::to_string(state->tick());
    const std::string outcome = session_.Outcome();
    if (!outcome.empty()) title += " | " + outcome;
    return title;
  }

  void Compose() {
    const State* state = session_.state();
    if (state == nullptr) return;
    RenderOptions options;
    options.game_seed = session_.seed();
    options.memory = &session_.memory();
    BuildRenderList(*state, options, list_);
    if (canvas_.width() != list_.width || canvas_.height() != list_.height) {
      canvas_ = Canvas(list_.width, list_.height, kBackground);
    } else {
      canvas_.Clear(kBackground);
    }
    Paint(list_, &images_, canvas_);
    UploadCanvas(canvas_, texture_);
  }

  void Present() {
    const double now = Now();
    if (!message_.empty() && now > message_until_) {
      message_.clear();
      dirty_ = true;
    }
    if (!dirty_ && now - last_draw_ < 500.0) return;
    dirty_ = false;
    last_draw_ = now;
    Compose();
    window_.setTitle(Title());
    window_.clear(sf::Color::Black);
    const sf::Vector2u size = window_.getSize();
    const float area_h = std::max(1.0f, static_cast<float>(size.y) - kPanelHeight);
    if (session_.loaded()) {
      DrawGame(static_cast<float>(size.x), area_h);
    } else {
      DrawErrors(static_cast<float>(size.x), area_h);
    }
    DrawPanel(static_cast<float>(size.x), static_cast<float>(size.y));
    if (window_shot_) WindowShot(size);
    window_.display();
  }

  // Ctrl+F12: the whole window, status panel included (read back before display()).
  void WindowShot(sf::Vector2u size) {
    window_shot_ = false;
    sf::Texture copy;
    if (!copy.create(size.x, size.y)) return;
    copy.update(window_);
    const fs::path path = ScreenshotPath("-window");
    if (copy.copyToImage().saveToFile(path.string())) {
      std::cout << "screenshot: " << path.string() << "\n";
      Message("saved " + path.string());
    }
  }

  void DrawGame(float width, float area_h) {
    if (canvas_.width() <= 0 || canvas_.height() <= 0) return;
    const float gw = static_cast<float>(canvas_.width());
    const float gh = static_cast<float>(canvas_.height());
    const float scale = std::min(width / gw, area_h / gh);
    sf::Sprite sprite(texture_);
    sprite.setScale(scale, scale);
    sprite.setPosition(std::floor((width - gw * scale) / 2), std::floor((area_h - gh * scale) / 2));
    window_.draw(sprite);
  }

  // One line of text; a line wider than the window is squeezed to fit.
  void DrawText(const std::string& line, float x, float y, sf::Color color) {
    if (!has_font_) return;
    sf::Text text(sf::String::fromUtf8(line.begin(), line.end()), font_, kTextSize);
    text.setFillColor(color);
    text.setPosition(x, y);
    const float room = static_cast<float>(window_.getSize().x) - 2 * x;
    const float width = text.getLocalBounds().width;
    if (width > room && room > 0.0f) text.setScale(room / width, 1.0f);
    window_.draw(text);
  }

  void DrawErrors(float width, float area_h) {
    sf::RectangleShape back(sf::Vector2f(width, area_h));
    back.setFillColor(sf::Color(40, 10, 10));
    window_.draw(back);
    float y = 8.0f;
    DrawText("The game does not load. Fix it and press F5 (Esc quits).", 8.0f, y, kTextColor);
    y += kLineHeight * 1.5f;
    for (const std::string& line : Lines(session_.errors())) {
      if (y + kLineHeight > area_h) break;
      DrawText(line, 8.0f, y, kErrorColor);
      y += kLineHeight;
    }
  }

  void DrawPanel(float width, float height) {
    sf::RectangleShape panel(sf::Vector2f(width, kPanelHeight));
    panel.setPosition(0.0f, height - kPanelHeight);
    panel.setFillColor(kPanelColor);
    window_.draw(panel);
    std::vector<std::string> lines = session_.StatusLines();
    while (lines.size() < 2) lines.emplace_back();
    std::string state_line = message_;
    if (paused_ && state_line.empty()) state_line = "paused (N: one tick, P: go on)";
    if (state_line.empty()) state_line = "speed x" + SpeedText();
    lines.push_back(state_line);
    // GVGAI's second player: W A S D and left Shift.
    const std::string play_keys =
        session_.players() > 1 ? "arrows, space: P1  WASD, LShift: P2  " : "arrows, space: play  ";
    lines.push_back(session_.replaying()
                        ? "P pause  N step  R restart  +/- speed  F12 screenshot  Esc quit"
                        : play_keys +
                              "P pause  N step  R restart  F5 reload  +/- speed  "
                              "F2 save  F12 shot  Esc quit");
    float y = height - kPanelHeight + 3.0f;
    for (const std::string& line : lines) {
      DrawText(line, 8.0f, y, kTextColor);
      y += kLineHeight;
    }
  }

  void Sleep() {
    if (PeriodMs() <= 0.0 && Running()) return;
    double wait = 10.0;
    if (Running()) wait = std::min(wait, next_tick_ - Now());
    if (wait > 0.5) sf::sleep(sf::microseconds(static_cast<sf::Int64>(wait * 1000.0)));
  }

  sf::RenderWindow own_window_;  // unused when playing in a borrowed window
  sf::RenderWindow& window_;
  bool external_ = false;
  bool done_ = false;
  GameSession& session_;
  WindowOptions options_;
  std::optional<ReloadWatch> watch_;  // with --watch
  DefaultSprites defaults_;
  SpriteImages images_;
  HumanInput input_;
  sf::Texture texture_;
  sf::Font font_;
  bool has_font_ = false;
  sf::Clock clock_;
  RenderList list_;
  Canvas canvas_;
  double next_tick_ = 0.0;
  double last_draw_ = -1e9;
  bool dirty_ = true;
  bool paused_ = false;
  bool window_shot_ = false;
  int speed_ = 0;
  int ended_game_ = 0;  // games_started() of the last game whose end was handled
  std::string message_;
  double message_until_ = 0.0;
};

}  // namespace

// The HUD font: $VGDL_FONT, else DejaVu (fonts-dejavu-core). No font: no text, the title and
// the terminal still say everything.
bool LoadFont(sf::Font& font) {
  std::vector<std::string> candidates;
  if (const char* env = std::getenv("VGDL_FONT"); env != nullptr && *env != '\0') {
    candidates.emplace_back(env);
  }
  candidates.emplace_back("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf");
  candidates.emplace_back("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf");
  for (const auto& path : candidates) {
    std::error_code ec;
    if (fs::is_regular_file(path, ec) && font.loadFromFile(path)) return true;
  }
  return false;
}

double LevelScale(double gw, double gh, double panels_width, double panels_height) {
  const sf::VideoMode desktop = sf::VideoMode::getDesktopMode();
  double scale = std::max(1.0, std::floor(kLongSide / std::max(gw, gh)));
  const double fit = std::min((desktop.width * 0.95 - panels_width) / gw,
                              (desktop.height * 0.9 - panels_height) / gh);
  if (fit > 0.0 && scale > fit) scale = fit;
  return scale;
}

bool OpenWindow(sf::RenderWindow& window, unsigned width, unsigned height, const std::string& title,
                const std::string& hint) {
  std::ostringstream sfml_messages;
  std::streambuf* sfml_err = sf::err().rdbuf(sfml_messages.rdbuf());
  window.create(sf::VideoMode(width, height), title, sf::Style::Default);
  sf::err().rdbuf(sfml_err);
  if (window.isOpen()) return true;
  std::cerr << sfml_messages.str() << "vgdl: cannot open a window (is there a display?" << hint
            << ")\n";
  return false;
}

void UploadCanvas(const Canvas& canvas, sf::Texture& texture) {
  const auto w = static_cast<unsigned>(std::max(canvas.width(), 1));
  const auto h = static_cast<unsigned>(std::max(canvas.height(), 1));
  if (texture.getSize() != sf::Vector2u(w, h)) {
    if (!texture.create(w, h)) return;
    texture.setSmooth(false);
  }
  if (canvas.width() > 0 && canvas.height() > 0) texture.update(canvas.rgba().data());
}

fs::path FreshPath(const fs::path& dir, const std::string& stem, const std::string& ext) {
  fs::path path = dir / (stem + ext);
  std::error_code ec;
  for (int k = 2; fs::exists(path, ec) && k < 10000; ++k) {
    path = dir / (stem + "-" + std::to_string(k) + ext);
  }
  return path;
}

double DefaultTickMs(const GameSession& session) {
  if (session.replaying()) return 40.0;
  const bool human = !session.has_agent() || session.players() > 1;
  return human ? 1000.0 / 15.0 : 25.0;
}

fs::path RecordPath(const fs::path& record, int game) {
  if (game <= 1) return record;
  fs::path numbered = record;
  numbered.replace_filename(record.stem().string() + "-" + std::to_string(game) +
                            record.extension().string());
  return numbered;
}

int RunWindow(GameSession& session, const WindowOptions& options) {
  PlayWindow window(session, options);
  return window.Run();
}

int RunWindowIn(sf::RenderWindow& window, GameSession& session, const WindowOptions& options) {
  PlayWindow play(session, options, &window);
  return play.Run();
}

}  // namespace vgdl::window
