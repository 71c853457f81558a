// The extension module vgdl._vgdl; the package python/vgdl/ re-exports it (docs/python.md).
#include "engine/game.h"
#include "python/bindings.h"

PYBIND11_MODULE(_vgdl, m) {
  using namespace vgdl::python;
  m.doc() = "The vgdl engine: games, states, observations, agents, environment cores.";
  BindGame(m);
  BindState(m);
  BindAgents(m);
  BindEnvs(m);
  m.attr("MAX_TICKS") = vgdl::kMaxTicks;
}
