// Which code this binary is: the project's version and the git commit it was built from.
#pragma once

#include <string>

namespace vgdl::tools {

// "0.1.0"
std::string ProjectVersion();
// "d603fd0b1c2a", with "-dirty" when the tree had uncommitted changes; "unknown" outside git.
std::string GitCommit();
// "vgdl 0.1.0 (git d603fd0b1c2a)"
std::string VersionText();

}  // namespace vgdl::tools
