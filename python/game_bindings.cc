// vgdl.Game and the loading functions (game.h), and vgdl.LoadError.
#include <pybind11/stl.h>

#include "python/bindings.h"
#include "python/game.h"

namespace vgdl::python {

namespace {

std::vector<std::string> TypeNames(const GameDef& def) {
  std::vector<std::string> names;
  for (const SpriteDef& t : def.types) names.push_back(t.name);
  return names;
}

}  // namespace

TypeId TypeIdOf(const GameDef& def, const std::string& name) {
  const TypeId id = def.FindType(name);
  if (id == kNoType) throw py::key_error("no sprite type '" + name + "' in the game");
  return id;
}

void BindGame(py::module_& m) {
  // Leaked on purpose: a static py::object would be released after the interpreter is gone.
  static auto* load_error = new py::exception<LoadFailure>(m, "LoadError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const LoadFailure& e) {
      (*load_error)(e.what());
    }
  });

  py::class_<PyGame>(m, "Game", "A loaded game: its rules and its levels.")
      .def_property_readonly("name", [](const PyGame& g) { return g.game->name; })
      .def_property_readonly(
          "level_count", [](const PyGame& g) { return g.game->levels.size(); },
          "Level numbers 0 to level_count - 1 (a number without a file cannot be started).")
      .def_property_readonly(
          "type_names", [](const PyGame& g) { return TypeNames(*g.game->def); },
          "Sprite type names, indexed by type id (the layers of State.type_counts).")
      .def_property_readonly("players", [](const PyGame& g) { return g.game->def->no_players; })
      .def(
          "type_id",
          [](const PyGame& g, const std::string& name) { return TypeIdOf(*g.game->def, name); },
          py::arg("name"))
      .def(
          "start",
          [](const PyGame& g, int level, int64_t seed) { return StartLevel(*g.game, level, seed); },
          py::arg("level") = 0, py::arg("seed") = 0,
          "A new State of level `level`, its random generator seeded with `seed`.")
      .def(
          "start_text",
          [](const PyGame& g, const std::string& text, int64_t seed) {
            return StartLevelText(*g.game, text, seed);
          },
          py::arg("level_text"), py::arg("seed") = 0, "A new State of a level given as text.")
      .def("__repr__", [](const PyGame& g) {
        return "<vgdl.Game '" + g.game->name + "', " + std::to_string(g.game->levels.size()) +
               " levels>";
      });

  m.def(
      "load_game",
      [](const std::string& name, const std::string& games_dir, bool gvgai_subset,
         const py::dict& parameters) {
        // Values as Python writes them: 0.3, 2, True (Java's Boolean.parseBoolean reads it).
        std::vector<std::string> settings;
        for (const auto& [key, value] : parameters) {
          settings.push_back(py::str(key).cast<std::string>() + "=" +
                             py::str(value).cast<std::string>());
        }
        return PyGame{LoadNamedGame(name, games_dir, gvgai_subset, settings)};
      },
      py::arg("game"), py::arg("games_dir") = "", py::arg("gvgai_subset") = false,
      py::arg("parameters") = py::dict(),
      "Loads a game as `vgdl run --game` does: a bundled game's name, a game file (levels "
      "<name>_lvl<N>.txt beside it) or a name under the GVGAI games folder; `parameters` "
      "({NAME: value}) chooses a GameSpace's parameter values as `--set NAME=VALUE` does. "
      "Raises LoadError with the loader's file:line:col diagnostic.");
  m.def(
      "game_from_text",
      [](const std::string& text, const std::vector<std::string>& levels, const std::string& name) {
        return PyGame{LoadGameText(text, levels, name)};
      },
      py::arg("text"), py::arg("levels") = std::vector<std::string>{}, py::arg("name") = "game",
      "Loads a game and its levels from text; diagnostics name <name>.txt and "
      "<name>_lvl<N>.txt. Raises LoadError.");
}

}  // namespace vgdl::python
