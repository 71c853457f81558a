// What the files of the Python module share: each Bind* adds one concept's classes and
// functions to the module (module.cc calls them in order), and the few helpers that more than
// one of them uses.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <optional>
#include <string>

#include "agents/common/budget.h"
#include "engine/state.h"
#include "vgdl/game_def.h"

namespace vgdl::python {

namespace py = pybind11;

void BindGame(py::module_& m);    // game_bindings.cc: vgdl.Game, loading, LoadError
void BindState(py::module_& m);   // state_bindings.cc: vgdl.State, Action, Winner
void BindAgents(py::module_& m);  // agent_bindings.cc: vgdl.Budget, vgdl.Agent
void BindEnvs(py::module_& m);    // env_bindings.cc: the cores of vgdl.Env and vgdl.VectorEnv

// The budget a Python agent or a built-in agent called from Python asks. It either owns its
// Budget (made in Python) or lends one of the runner's for the length of one call: the lent
// pointer is cleared when the call returns, so that an agent that keeps the object gets an
// error instead of reading freed memory.
class PyBudget {
 public:
  explicit PyBudget(Budget owned) : owned_(std::move(owned)), budget_(&*owned_) {}
  explicit PyBudget(Budget* lent) : budget_(lent) {}
  PyBudget(const PyBudget&) = delete;
  PyBudget& operator=(const PyBudget&) = delete;

  Budget& get() const;  // throws RuntimeError once the lending call has returned
  void Revoke() { budget_ = nullptr; }

 private:
  std::optional<Budget> owned_;
  Budget* budget_;
};

// An action from Python (an int or a vgdl.Action); TypeError or ValueError otherwise.
Action ActionFromPython(const py::handle& value);

// The type id of a sprite type's name in `def`; KeyError naming the types otherwise.
TypeId TypeIdOf(const GameDef& def, const std::string& name);

}  // namespace vgdl::python
