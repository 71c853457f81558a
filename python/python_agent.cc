// The Python agent host (python_agent.h).
#include "python/python_agent.h"

#include <dlfcn.h>
#include <pybind11/embed.h>
#include <pybind11/stl.h>

#include <filesystem>
#include <mutex>
#include <stdexcept>

#include "python/bindings.h"

namespace vgdl::python {

namespace {

namespace fs = std::filesystem;

// The folder that holds the package vgdl/ this extension belongs to.
std::string PackageRoot() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&PackageRoot), &info) == 0 || info.dli_fname == nullptr) {
    throw std::runtime_error("the Python host cannot find its own file");
  }
  return fs::weakly_canonical(info.dli_fname).parent_path().parent_path().string();
}

// In a program without Python (`vgdl run`), starts the interpreter once, imports the package
// (which imports this very library as vgdl._vgdl) and releases the GIL, which each call into
// Python then takes.
void EnsureInterpreter() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (Py_IsInitialized()) return;
    py::initialize_interpreter(/*init_signal_handlers=*/false);
    std::string error;
    try {
      py::module_::import("sys").attr("path").attr("insert")(0, PackageRoot());
      py::module_::import("vgdl");
    } catch (py::error_already_set& e) {
      error = e.what();
    }
    // Released whatever happened: a thread that kept it would block every later call.
    PyEval_SaveThread();
    if (!error.empty()) throw std::runtime_error("the Python host cannot import vgdl: " + error);
  });
}

// Python's exception as a C++ one, for the runner to record: type, message and traceback.
[[noreturn]] void Rethrow(py::error_already_set& e, const std::string& where) {
  throw std::runtime_error(where + ": " + e.what());
}

class PythonAgent final : public Agent {
 public:
  PythonAgent(py::object instance, std::string name)
      : instance_(std::move(instance)), name_(std::move(name)) {}
  ~PythonAgent() override {
    py::gil_scoped_acquire gil;
    instance_ = py::object();
  }

  void Init(const State& observation, Budget& budget) override {
    py::gil_scoped_acquire gil;
    if (py::hasattr(instance_, "init")) Call("init", observation, &budget);
  }

  Action Act(const State& observation, Budget& budget) override {
    py::gil_scoped_acquire gil;
    py::object action = Call("act", observation, &budget);
    if (action.is_none()) throw std::runtime_error(name_ + ".act returned None, not an action");
    ReadIterations();
    return ActionFromPython(action);
  }

  void Result(const State& final_observation) override {
    py::gil_scoped_acquire gil;
    if (py::hasattr(instance_, "result")) Call("result", final_observation, nullptr);
  }

  std::string Name() const override { return name_; }
  AgentStats LastStats() const override { return stats_; }

 private:
  // The agent's optional `iterations` attribute, which the runner reports per act (its tables'
  // sims/act column): the count of its last decision's search, as the C++ agents report.
  void ReadIterations() {
    if (!py::hasattr(instance_, "iterations")) return;
    try {
      stats_.iterations = instance_.attr("iterations").cast<int64_t>();
    } catch (const py::cast_error&) {
      throw std::runtime_error(name_ + ".iterations is not an int");
    }
  }

  // Calls method(state[, budget]) with a copy of the state and the runner's budget, lent for
  // the call only. Holds the GIL.
  py::object Call(const char* method, const State& observation, Budget* budget) {
    try {
      py::object state = py::cast(State(observation));
      if (budget == nullptr) return instance_.attr(method)(state);
      py::object lent = py::cast(std::make_unique<PyBudget>(budget));
      py::object result;
      try {
        result = instance_.attr(method)(state, lent);
      } catch (...) {
        lent.cast<PyBudget&>().Revoke();
        throw;
      }
      lent.cast<PyBudget&>().Revoke();
      return result;
    } catch (py::error_already_set& e) {
      Rethrow(e, name_ + "." + method);
    }
  }

  py::object instance_;
  std::string name_;
  AgentStats stats_;
};

OptionType OptionTypeFromName(const std::string& name) {
  if (name == "bool") return OptionType::kBool;
  if (name == "int") return OptionType::kInt;
  if (name == "float") return OptionType::kDouble;
  return OptionType::kString;
}

// The keyword arguments of a new instance, typed as the options declare them.
py::dict OptionArguments(const std::vector<AgentOption>& declared, const AgentOptions& values) {
  py::dict kwargs;
  for (const AgentOption& o : declared) {
    const py::str key(o.key);
    switch (o.type) {
      case OptionType::kBool:
        kwargs[key] = values.GetBool(o.key);
        break;
      case OptionType::kInt:
        kwargs[key] = values.GetInt(o.key);
        break;
      case OptionType::kDouble:
        kwargs[key] = values.GetDouble(o.key);
        break;
      case OptionType::kString:
        kwargs[key] = values.GetString(o.key);
        break;
    }
  }
  return kwargs;
}

// The spec from what python/vgdl/_host.py read of the class.
AgentSpec SpecOf(const py::handle& described) {
  AgentSpec spec;
  spec.name = described.attr("name").cast<std::string>();
  spec.summary = described.attr("summary").cast<std::string>();
  spec.paper = described.attr("paper").cast<std::string>();
  for (const py::handle& o : described.attr("options")) {
    spec.options.push_back(
        AgentOption{.key = o.attr("key").cast<std::string>(),
                    .type = OptionTypeFromName(o.attr("type").cast<std::string>()),
                    .default_value = o.attr("default").cast<std::string>(),
                    .help = o.attr("help").cast<std::string>(),
                    .range = o.attr("range").cast<std::vector<double>>(),
                    .choices = o.attr("choices").cast<std::vector<std::string>>()});
  }
  return spec;
}

}  // namespace

AgentSpec DescribePythonAgent(const std::string& argument) {
  EnsureInterpreter();
  py::gil_scoped_acquire gil;
  const size_t colon = argument.rfind(':');
  const std::string file = argument.substr(0, colon);
  const std::string class_name = colon == std::string::npos ? "" : argument.substr(colon + 1);
  AgentSpec spec;
  // The class lives as long as the program: leaked, since the specs are released after the
  // interpreter, at exit.
  py::object* cls = nullptr;
  try {
    py::object described = py::module_::import("vgdl._host").attr("describe")(file, class_name);
    spec = SpecOf(described);
    cls = new py::object(described.attr("cls"));
  } catch (py::error_already_set& e) {
    Rethrow(e, "py:" + argument);
  }
  spec.create = [cls, options = spec.options, name = spec.name](const AgentOptions& values,
                                                                uint64_t seed) {
    py::gil_scoped_acquire held;
    try {
      py::object instance = (*cls)(py::arg("seed") = seed, **OptionArguments(options, values));
      return std::unique_ptr<Agent>(new PythonAgent(std::move(instance), values.Canonical(name)));
    } catch (py::error_already_set& e) {
      Rethrow(e, name + "()");
    }
  };
  return spec;
}

}  // namespace vgdl::python

void vgdl_python_host_describe(const char* argument, vgdl::AgentSpec* out) {
  *out = vgdl::python::DescribePythonAgent(argument);
}
