// Built outside the commands' unity build (tools/CMakeLists.txt), so that a new commit
// recompiles this file alone.
#include "tools/version.h"

#include "vgdl_version.h"

namespace vgdl::tools {

std::string ProjectVersion() {
  return VGDL_VERSION;
}
std::string GitCommit() {
  return VGDL_GIT_COMMIT;
}
std::string VersionText() {
  return "vgdl " + ProjectVersion() + " (git " + GitCommit() + ")";
}

}  // namespace vgdl::tools
