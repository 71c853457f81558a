// vgdl.State: a game state as a value (copy, advance), what an agent observes of it, and its
// observation arrays and RGB frame as NumPy arrays. Player 0's view throughout.
#include <pybind11/stl.h>

#include <array>
#include <vector>

#include "engine/game.h"
#include "engine/observation.h"
#include "python/bindings.h"
#include "python/frame.h"
#include "python/observation_arrays.h"

namespace vgdl::python {

namespace {

py::object AvatarPositionOrNone(const State& s) {
  if (!HasAvatar(s)) return py::none();
  const Vec2 p = AvatarPosition(s);
  return py::make_tuple(p.x, p.y);
}

py::object AvatarCellOrNone(const State& s) {
  if (!HasAvatar(s)) return py::none();
  const Vec2 p = AvatarPosition(s);
  const int block = s.block_size();
  return py::make_tuple(static_cast<int>(p.x) / block, static_cast<int>(p.y) / block);
}

py::dict Resources(const State& s) {
  py::dict out;
  for (const auto& [type, amount] : AvatarResources(s))
    out[py::str(s.type_def(type).name)] = amount;
  return out;
}

// The events from tick `since` on. Events are in tick order, so they are the log's last ones:
// found from its end, which reads only the newest chunks, as the environments ask every step
// for the last tick's events of a history that grows all game long.
std::vector<Event> EventsSince(const EventLog& log, int since) {
  if (since <= 0) return log.ToVector();
  size_t first = log.size();
  while (first > 0 && log[first - 1].tick >= since) --first;
  std::vector<Event> events;
  for (size_t i = first; i < log.size(); ++i) events.push_back(log[i]);
  return events;
}

// Events (GVGAI's event history, §11.4) from tick `since` on, as dicts.
py::list Events(const State& s, int since) {
  py::list out;
  for (const Event& e : EventsSince(s.events(), since)) {
    py::dict d;
    d["tick"] = e.tick;
    d["from_avatar"] = e.from_avatar;
    d["active"] = s.type_def(e.active_type).name;
    d["passive"] = s.type_def(e.passive_type).name;
    d["position"] = py::make_tuple(e.position.x, e.position.y);
    out.append(std::move(d));
  }
  return out;
}

py::array_t<uint8_t> TypeCounts(const State& s) {
  py::array_t<uint8_t> out({s.def().type_count(), s.height_cells(), s.width_cells()});
  FillTypeCounts(s, std::span<uint8_t>(out.mutable_data(), static_cast<size_t>(out.size())));
  return out;
}

py::array_t<int16_t> TypeGridArray(const State& s, int depth) {
  std::vector<int16_t> grid = TypeGrid(s, depth);
  py::array_t<int16_t> out({depth, s.height_cells(), s.width_cells()});
  std::copy(grid.begin(), grid.end(), out.mutable_data());
  return out;
}

py::array_t<uint8_t> Frame(const State& s, int scale, bool sprites) {
  RgbFrame frame = RenderFrame(s, scale, sprites);
  py::array_t<uint8_t> out({frame.height, frame.width, 3});
  std::copy(frame.rgb.begin(), frame.rgb.end(), out.mutable_data());
  return out;
}

// The vgdl.Action objects, made once: available_actions is called in every step of a search,
// and pybind11 would make a new enum object for each action of each call. Leaked, as the
// interpreter outlives no static.
std::array<py::object, kActionCount>& ActionObjects() {
  static auto* objects = new std::array<py::object, kActionCount>();
  return *objects;
}

py::list AvailableActionList(const State& s, bool with_nil) {
  const std::vector<Action> actions = AvailableActions(s, 0, with_nil);
  py::list out(actions.size());
  for (size_t i = 0; i < actions.size(); ++i) {
    out[i] = ActionObjects()[static_cast<size_t>(actions[i])];
  }
  return out;
}

void BindEnums(py::module_& m) {
  py::enum_<Action>(m, "Action", "GVGAI's actions (ACTION_NIL, ACTION_UP, ...).")
      .value("NIL", Action::kNil)
      .value("UP", Action::kUp)
      .value("LEFT", Action::kLeft)
      .value("DOWN", Action::kDown)
      .value("RIGHT", Action::kRight)
      .value("USE", Action::kUse)
      .value("ESCAPE", Action::kEscape);
  for (int a = 0; a < kActionCount; ++a) {
    ActionObjects()[static_cast<size_t>(a)] = py::cast(static_cast<Action>(a));
  }
  py::enum_<Winner>(m, "Winner")
      .value("NONE", Winner::kNone)
      .value("WINS", Winner::kWins)
      .value("LOSES", Winner::kLoses);
}

}  // namespace

Action ActionFromPython(const py::handle& value) {
  if (py::isinstance<Action>(value)) return value.cast<Action>();
  if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value)) {
    throw py::type_error("an action is a vgdl.Action or an int, not " +
                         std::string(py::str(py::type::handle_of(value).attr("__name__"))));
  }
  const auto number = value.cast<int64_t>();
  if (number < 0 || number >= kActionCount) {
    throw py::value_error("no action " + std::to_string(number) + " (actions are 0-" +
                          std::to_string(kActionCount - 1) + ", vgdl.Action)");
  }
  return static_cast<Action>(number);
}

void BindState(py::module_& m) {
  BindEnums(m);
  py::class_<State>(m, "State",
                    "A game state: a value, cheap to copy. advance() plays one tick on it.")
      .def(
          "copy", [](const State& s) { return State(s); },
          "An exact copy: it continues the same random stream.")
      .def("__copy__", [](const State& s) { return State(s); })
      .def(
          "__deepcopy__", [](const State& s, py::dict) { return State(s); }, py::arg("memo"))
      .def("fork", &State::Fork,
           "A copy with a random stream of its own, derived from this one's (what agents get).")
      .def(
          "advance",
          [](State& s, const py::handle& action, bool real_game) {
            Advance(s, ActionFromPython(action),
                    real_game ? StepMode::kRealGame : StepMode::kForwardModel);
          },
          py::arg("action"), py::arg("real_game") = false,
          "Plays one tick. real_game: an action the avatar lacks becomes NIL, as in the "
          "competition's game loop; otherwise GVGAI's ForwardModel.advance.")
      .def("available_actions", &AvailableActionList, py::arg("with_nil") = false,
           "The avatar's actions in GVGAI's order.")
      .def_property_readonly("tick", &State::tick)
      .def_property_readonly("score", [](const State& s) { return Score(s); })
      .def_property_readonly("game_over", [](const State& s) { return IsGameOver(s); })
      .def_property_readonly("winner", [](const State& s) { return GameWinner(s); })
      .def_property_readonly("width", &State::width_cells, "Cells across.")
      .def_property_readonly("height", &State::height_cells, "Cells down.")
      .def_property_readonly("block_size", &State::block_size, "Pixels per cell.")
      .def_property_readonly("avatar_position", &AvatarPositionOrNone,
                             "(x, y) of the avatar's top-left corner in pixels, or None.")
      .def_property_readonly("avatar_cell", &AvatarCellOrNone,
                             "(column, row) of the avatar's top-left corner, or None.")
      .def_property_readonly("avatar_orientation",
                             [](const State& s) {
                               const Vec2 o = AvatarOrientation(s);
                               return py::make_tuple(o.x, o.y);
                             })
      .def_property_readonly("avatar_health", [](const State& s) { return AvatarHealth(s); })
      .def_property_readonly("resources", &Resources,
                             "The avatar's resources by type name (GVGAI reports every one it "
                             "ever held, 0 included).")
      .def("events", &Events, py::arg("since_tick") = 0,
           "Collision events involving the avatar or its sprites (GVGAI's event history) from "
           "tick since_tick on, as dicts: tick, from_avatar, active, passive, position.")
      .def("type_counts", &TypeCounts,
           "uint8 array (types, height, width): visible sprites of each type in each cell of "
           "GVGAI's observation grid.")
      .def("type_grid", &TypeGridArray, py::arg("depth") = -1,
           "int16 array (depth, height, width): each cell's type ids in the observation grid's "
           "order, -1 below the last; depth -1 means the deepest cell's count.")
      .def("frame", &Frame, py::arg("scale") = 1, py::arg("sprites") = true,
           "uint8 array (height, width, 3): the frame `vgdl render` draws (default sprite set, "
           "or GVGAI's shapes with sprites=False).")
      .def(
          "hash", [](const State& s) { return StateHash(s); },
          "A hash of the position (engine/observation.h, StateHash).")
      .def("same_position", [](const State& a, const State& b) { return SameGameState(a, b); });
}

}  // namespace vgdl::python
