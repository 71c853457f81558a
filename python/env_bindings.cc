// The C++ cores of vgdl.Env and vgdl.VectorEnv (python/vgdl/env.py, vector_env.py), which
// add Gymnasium's interface around them.
#include <pybind11/stl.h>

#include "python/bindings.h"
#include "python/env_core.h"
#include "python/game.h"
#include "python/vector_env.h"

namespace vgdl::python {

namespace {

EnvOptions MakeOptions(int level, int max_ticks, const std::string& observation) {
  EnvOptions options{.level = level, .max_ticks = max_ticks};
  if (observation == "rgb") {
    options.observation = ObservationKind::kRgb;
  } else if (observation != "grid") {
    throw py::value_error("observation is 'grid' or 'rgb', not '" + observation + "'");
  }
  return options;
}

// An array of `shape` with `leading` in front (the vector environment's count).
py::array_t<uint8_t> ObservationArray(const EnvCore& env, std::optional<size_t> leading = {}) {
  std::vector<py::ssize_t> shape;
  if (leading) shape.push_back(static_cast<py::ssize_t>(*leading));
  for (int64_t d : env.ObservationShape()) shape.push_back(d);
  return py::array_t<uint8_t>(shape);
}

template <typename T>
std::span<T> Span(py::array_t<T>& a) {
  return {a.mutable_data(), static_cast<size_t>(a.size())};
}

py::array_t<uint8_t> Observe(const EnvCore& env) {
  py::array_t<uint8_t> out = ObservationArray(env);
  env.Observe(Span(out));
  return out;
}

void BindEnvCore(py::module_& m) {
  py::class_<EnvCore>(m, "EnvCore")
      .def(py::init(
               [](const PyGame& game, int level, int max_ticks, const std::string& observation) {
                 return std::make_unique<EnvCore>(game.game,
                                                  MakeOptions(level, max_ticks, observation));
               }),
           py::arg("game"), py::arg("level"), py::arg("max_ticks"), py::arg("observation"))
      .def("reset",
           [](EnvCore& env, std::optional<uint64_t> seed) {
             env.Reset(seed);
             return Observe(env);
           })
      .def("step",
           [](EnvCore& env, int64_t index) {
             const StepOutcome step = env.Step(index);
             return py::make_tuple(Observe(env), step.reward, step.terminated, step.truncated);
           })
      .def_property_readonly("actions", &EnvCore::actions)
      .def_property_readonly("observation_shape", &EnvCore::ObservationShape)
      .def_property_readonly("state", [](const EnvCore& env) { return State(env.state()); })
      .def_property_readonly("seed", &EnvCore::seed);
}

void BindVectorEnvCore(py::module_& m) {
  py::class_<VectorEnvCore>(m, "VectorEnvCore")
      .def(py::init([](const PyGame& game, int count, int level, int max_ticks,
                       const std::string& observation, int threads) {
             return std::make_unique<VectorEnvCore>(
                 game.game, MakeOptions(level, max_ticks, observation), count, threads);
           }),
           py::arg("game"), py::arg("count"), py::arg("level"), py::arg("max_ticks"),
           py::arg("observation"), py::arg("threads"))
      .def("reset",
           [](VectorEnvCore& v, std::optional<uint64_t> seed) {
             py::array_t<uint8_t> obs = ObservationArray(v.env(0), v.count());
             std::span<uint8_t> out = Span(obs);
             py::gil_scoped_release release;
             v.Reset(seed, out);
             return obs;
           })
      .def("step",
           [](VectorEnvCore& v, const py::array_t<int64_t, py::array::forcecast>& actions) {
             if (actions.ndim() != 1) throw py::value_error("actions must be one-dimensional");
             const size_t n = v.count();
             const auto length = static_cast<py::ssize_t>(n);
             py::array_t<uint8_t> obs = ObservationArray(v.env(0), n);
             py::array_t<uint8_t> final_obs = ObservationArray(v.env(0), n);
             py::array_t<double> rewards(length), final_scores(length);
             py::array_t<bool> terminated(length), truncated(length);
             const VectorStepOut out{Span(obs),
                                     Span(rewards),
                                     {reinterpret_cast<uint8_t*>(terminated.mutable_data()), n},
                                     {reinterpret_cast<uint8_t*>(truncated.mutable_data()), n},
                                     Span(final_obs),
                                     Span(final_scores)};
             const std::span<const int64_t> chosen(actions.data(),
                                                   static_cast<size_t>(actions.size()));
             {
               py::gil_scoped_release release;
               v.Step(chosen, out);
             }
             return py::make_tuple(obs, rewards, terminated, truncated, final_obs, final_scores);
           })
      .def_property_readonly("count", &VectorEnvCore::count)
      .def_property_readonly("threads", &VectorEnvCore::threads)
      .def_property_readonly("actions", [](const VectorEnvCore& v) { return v.env(0).actions(); })
      .def_property_readonly("observation_shape",
                             [](const VectorEnvCore& v) { return v.env(0).ObservationShape(); })
      .def("state", [](const VectorEnvCore& v, size_t i) {
        if (i >= v.count()) throw py::index_error("no environment " + std::to_string(i));
        return State(v.env(i).state());
      });
}

}  // namespace

void BindEnvs(py::module_& m) {
  BindEnvCore(m);
  BindVectorEnvCore(m);
}

}  // namespace vgdl::python
