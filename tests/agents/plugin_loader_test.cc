// Agents from shared libraries (agents/plugin_loader.h): a plugin is named by its path, its
// options are checked like a built-in agent's, and every way a library can be unusable is an
// error message, never a crash.
#include "agents/plugin_loader.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "agents/registry.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;

std::string CreateError(const std::string& spec) {
  std::string error;
  auto agent = CreateAgent(spec, 1, &error);
  EXPECT_EQ(agent, nullptr) << spec;
  return error;
}

TEST(PluginLoader, SplitsLibraryAndPythonSpecs) {
  std::string error;
  auto lib = SplitPluginSpec("./libx.so:depth=3,fast", &error);
  ASSERT_TRUE(lib);
  EXPECT_EQ(lib->library, "./libx.so");
  EXPECT_EQ(lib->name, (fs::current_path() / "libx.so").string());
  EXPECT_EQ(lib->options, "depth=3,fast");
  EXPECT_FALSE(lib->python);

  auto bare = SplitPluginSpec("libx.so", &error);
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->name, (fs::current_path() / "libx.so").string());

  auto py = SplitPluginSpec("py:agents/mine.py:Mine:depth=2", &error);
  ASSERT_TRUE(py);
  EXPECT_TRUE(py->python);
  EXPECT_EQ(py->argument, (fs::current_path() / "agents/mine.py").string() + ":Mine");
  EXPECT_EQ(py->name, "py:" + py->argument);
  EXPECT_EQ(py->options, "depth=2");
  EXPECT_EQ(PluginShortName(*py), "py:mine.py:Mine");

  EXPECT_FALSE(SplitPluginSpec("mcts:c=0.6", &error));
  EXPECT_TRUE(error.empty());
  EXPECT_FALSE(SplitPluginSpec("py:mine.py", &error));
  EXPECT_NE(error.find("py:FILE.py:ClassName"), std::string::npos) << error;
}

TEST(PluginLoader, CreatesTheAgentWithCheckedOptions) {
  const std::string lib = VGDL_TEST_AGENT_PLUGIN;
  std::string error;
  auto agent = CreateAgent(lib + ":depth=5", 1, &error);
  ASSERT_NE(agent, nullptr) << error;
  EXPECT_EQ(agent->Name(), "first-action:depth=5,fail=none");
  EXPECT_EQ(CanonicalAgentSpec(lib, &error), lib + ":depth=3,fail=none");
  EXPECT_EQ(AgentLabel(lib + ":depth=5,fail=none @40ms"),
            fs::path(lib).filename().string() + ":depth=5 @40ms");

  EXPECT_NE(CreateError(lib + ":dpeth=5").find("did you mean 'depth'"), std::string::npos);
  const std::string range = CreateError(lib + ":depth=50");
  EXPECT_NE(range.find("[1, 10]"), std::string::npos) << range;
}

TEST(PluginLoader, AnExceptionFromTheFactoryIsAnError) {
  const std::string error = CreateError(std::string(VGDL_TEST_AGENT_PLUGIN) + ":fail=create");
  EXPECT_NE(error.find("the test plugin fails in create"), std::string::npos) << error;
}

TEST(PluginLoader, RefusesAMissingLibrary) {
  const std::string error = CreateError("./no-such-agent.so");
  EXPECT_NE(error.find("does not exist"), std::string::npos) << error;
}

TEST(PluginLoader, RefusesALibraryThatIsNoPlugin) {
  const std::string error = CreateError(VGDL_TEST_NO_ENTRY_POINTS);
  EXPECT_NE(error.find("is not a vgdl agent plugin"), std::string::npos) << error;
  EXPECT_NE(error.find("VGDL_AGENT_PLUGIN"), std::string::npos) << error;
}

TEST(PluginLoader, RefusesAPluginOfAnotherInterface) {
  const std::string error = CreateError(VGDL_TEST_OTHER_INTERFACE_PLUGIN);
  EXPECT_NE(error.find("built against the agent interface vgdl-0.0.1-0123456789abcdef"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("rebuild it"), std::string::npos) << error;
}

TEST(PluginLoader, ReportsADescribeThatThrows) {
  const std::string error = CreateError(VGDL_TEST_DESCRIBE_THROWS_PLUGIN);
  EXPECT_NE(error.find("failed to describe its agent: no agent here"), std::string::npos) << error;
}

TEST(PluginLoader, APythonAgentWithoutTheHostSaysWhereItLooked) {
  setenv("VGDL_PYTHON_HOST", "/nonexistent/libvgdl_python_host.so", 1);
  const std::string error = CreateError("py:my_agent.py:MyAgent");
  unsetenv("VGDL_PYTHON_HOST");
  EXPECT_NE(error.find("/nonexistent/libvgdl_python_host.so"), std::string::npos) << error;
}

}  // namespace
}  // namespace vgdl
