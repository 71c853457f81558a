// vgdl.Budget and vgdl.Agent: the built-in agents called from Python, with
// the budgets they and Python agents ask.
#include <pybind11/stl.h>

#include <stdexcept>

#include "agents/registry.h"
#include "python/bindings.h"

namespace vgdl::python {

namespace {

constexpr double kNanosPerMs = 1e6;

int64_t MillisToNanos(double ms) {
  if (!(ms > 0)) throw py::value_error("a time budget must be positive, not " + std::to_string(ms));
  return static_cast<int64_t>(ms * kNanosPerMs);
}

std::unique_ptr<Agent> MakeAgent(const std::string& spec, uint64_t seed) {
  if (spec.rfind("py:", 0) == 0) {
    throw py::value_error("'" + spec +
                          "': a py: agent is a Python class; create it directly in Python");
  }
  std::string error;
  std::unique_ptr<Agent> agent = CreateAgent(spec, seed, &error);
  if (agent == nullptr) throw py::value_error(error);
  return agent;
}

// Runs `call` on a budget: the one given, or a default time budget of `default_ms`.
template <typename Call>
auto WithBudget(PyBudget* given, double default_ms, Call call) {
  if (given != nullptr) return call(given->get());
  Budget budget = Budget::CpuTime(MillisToNanos(default_ms), 5 * 1'000'000);
  return call(budget);
}

py::list AgentList() {
  py::list out;
  for (const AgentSpec& spec : AgentRegistry()) {
    py::list options;
    for (const AgentOption& o : spec.options) {
      options.append(py::dict(py::arg("key") = o.key, py::arg("default") = o.default_value,
                              py::arg("help") = o.help));
    }
    out.append(py::dict(py::arg("name") = spec.name, py::arg("summary") = spec.summary,
                        py::arg("paper") = spec.paper, py::arg("options") = options));
  }
  return out;
}

void BindBudget(py::module_& m) {
  py::class_<PyBudget>(m, "Budget",
                       "What an agent may spend on one decision: the thread's CPU time (with a "
                       "safety margin) or a number of forward-model calls (agents/common/"
                       "budget.h). A time budget's clock starts when it is made.")
      .def_static(
          "cpu_time",
          [](double ms, double margin_ms) {
            return std::make_unique<PyBudget>(
                Budget::CpuTime(MillisToNanos(ms), static_cast<int64_t>(margin_ms * kNanosPerMs)));
          },
          py::arg("ms"), py::arg("margin_ms") = 5.0)
      .def_static(
          "forward_model_calls",
          [](int64_t calls) {
            if (calls < 1) throw py::value_error("a call budget needs at least 1 call");
            return std::make_unique<PyBudget>(Budget::ForwardModelCalls(calls));
          },
          py::arg("calls"))
      .def(
          "has_room", [](PyBudget& b) { return b.get().HasRoom(); },
          "Whether there is room for one more forward-model call (or more time).")
      .def(
          "count_call", [](PyBudget& b) { b.get().CountCall(); },
          "Counts one forward-model call: call it before each State.advance of a search.")
      .def_property_readonly(
          "calls", [](PyBudget& b) { return b.get().calls(); }, "Calls counted so far.")
      .def_property_readonly("counts_calls", [](PyBudget& b) { return b.get().counts_calls(); })
      .def(
          "remaining",
          [](PyBudget& b) -> double {
            Budget& budget = b.get();
            const int64_t left = budget.Remaining();
            return static_cast<double>(left) / (budget.counts_calls() ? 1.0 : kNanosPerMs);
          },
          "Calls left (call budgets) or milliseconds left before the margin (time budgets).")
      .def(
          "elapsed_ms",
          [](PyBudget& b) { return static_cast<double>(b.get().ElapsedNanos()) / kNanosPerMs; },
          "CPU time of this thread since the budget was made, clock jumps discarded.");
}

void BindAgent(py::module_& m) {
  py::class_<Agent>(m, "Agent",
                    "A built-in agent (`vgdl agents`) by its spec: "
                    "Agent('mcts:c=0.6', seed=1).")
      .def(py::init(&MakeAgent), py::arg("spec"), py::arg("seed") = 0)
      .def_property_readonly("name", &Agent::Name)
      .def(
          "init",
          [](Agent& a, const State& s, PyBudget* budget) {
            py::gil_scoped_release release;
            WithBudget(budget, 1000, [&](Budget& b) {
              a.Init(s, b);
              return 0;
            });
          },
          py::arg("state"), py::arg("budget") = nullptr,
          "GVGAI's init: once, before the first act (default budget: 1 s of CPU time).")
      .def(
          "act",
          [](Agent& a, const State& s, PyBudget* budget) {
            py::gil_scoped_release release;
            return WithBudget(budget, 40, [&](Budget& b) { return a.Act(s, b); });
          },
          py::arg("state"), py::arg("budget") = nullptr,
          "The action for `state` (default budget: 40 ms of CPU time); the GIL is released "
          "meanwhile.")
      .def_property_readonly("last_stats", [](const Agent& a) {
        const AgentStats stats = a.LastStats();
        return py::dict(py::arg("iterations") = stats.iterations,
                        py::arg("fm_calls") = stats.fm_calls);
      });
  m.def("agents", &AgentList, "Every built-in agent: name, summary, paper, options.");
}

}  // namespace

Budget& PyBudget::get() const {
  if (budget_ == nullptr) {
    throw std::runtime_error("this budget belonged to a call that has returned");
  }
  return *budget_;
}

void BindAgents(py::module_& m) {
  BindBudget(m);
  BindAgent(m);
}

}  // namespace vgdl::python
