// "Did you mean ...?" hints for misspelt names (classes, effects, parameters, sprites).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace vgdl::lang {

// Levenshtein distance, case-insensitive (a wrong case is a cheap mistake).
int EditDistance(std::string_view a, std::string_view b);

// The closest candidate if it is close enough to be a plausible typo, else "".
std::string ClosestName(std::string_view name, const std::vector<std::string_view>& candidates);

// "did you mean 'X'?" or "" when nothing is close.
std::string DidYouMean(std::string_view name, const std::vector<std::string_view>& candidates);

}  // namespace vgdl::lang
