// GVGAI's path finder (spec §6.1, §15.21): the all-pairs path cache of games with `obs=` on
// the game line, used by PathChaser and PathAltChaser.
//
// GVGAI builds it once at level load from the initial observation grid: a cell is blocked when
// a visible sprite of an `obs` type covers it. From every free cell it runs a uniform-cost
// search over a java.util.PriorityQueue and caches one path to every reachable cell, keyed by
// `from_id * 10000 + to_id` with cell ids `x * 100 + y`. Which of several shortest paths is
// cached depends on the heap's order, so the search below replays the PriorityQueue's binary
// heap operation for operation; the key arithmetic is replayed too, so lookups from cells off
// the grid alias the same cells as in GVGAI.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "vgdl/geometry.h"

namespace vgdl {

class State;

// A grid cell in the path finder's coordinates: column x, row y. May lie off the grid.
struct Cell {
  int32_t x = 0;
  int32_t y = 0;
  friend constexpr bool operator==(Cell, Cell) = default;
};

class PathFinder {
 public:
  // The path cache of the state's level: obstacles are the cells covered by sprites of the
  // game's `obs` types, and the neighbour order is [LEFT, RIGHT] when player 0's avatar has
  // exactly three actions, [UP, DOWN, LEFT, RIGHT] otherwise (GVGAI decides it from the first
  // path-finding game of the JVM; here per game). Null when the game line has no `obs`.
  static std::shared_ptr<const PathFinder> Build(const State& state);

  // A path finder over an explicit map: `blocked[x * height + y]` marks obstacle cells.
  PathFinder(int width, int height, std::vector<bool> blocked, bool horizontal_only);

  // GVGAI's Game.getPath conversion of a pixel position to a cell: (int)(p * (1.0 / block)).
  static Cell CellOfPixel(int32_t px, int32_t py, int block);

  // The direction of the first step of the cached path from `from` to `to` (GVGAI's
  // path.get(0).comingFrom); nullopt where GVGAI's getPath returns null: same cell, blocked or
  // unreachable cells, cells whose ids resolve to no cached path.
  std::optional<Vec2> FirstStep(Cell from, Cell to) const;

  // The whole cached path: the cells after `from` up to `to`; empty where FirstStep is nullopt.
  std::vector<Cell> GetPath(Cell from, Cell to) const;

  int width() const { return width_; }
  int height() const { return height_; }
  bool horizontal_only() const { return horizontal_only_; }
  bool blocked(Cell c) const;

 private:
  // Per (start, destination): the first step's direction code and the direction by which the
  // destination was reached, each 1 + index into the neighbour table (0: none).
  struct Step {
    uint8_t first = 0;
    uint8_t incoming = 0;
  };

  int CellIndex(Cell c) const { return c.x * height_ + c.y; }
  // Replays GVGAI's key arithmetic; false when no cached path can match.
  bool ResolveKey(Cell from, Cell to, Cell* start, Cell* dest) const;
  // One uniform-cost search from `start`, filling `steps` (one entry per grid cell).
  void Search(Cell start, std::vector<Step>& steps) const;
  // The search results for `start`: the precomputed row, or a fresh search on big maps.
  const Step* Row(Cell start, std::vector<Step>& scratch) const;

  int width_ = 0;
  int height_ = 0;
  bool horizontal_only_ = false;
  std::vector<bool> blocked_;
  std::vector<int32_t> row_of_cell_;  // free cell -> row in table_, -1 for blocked cells
  std::vector<Step> table_;           // rows of width_ * height_ entries; empty on big maps
};

}  // namespace vgdl
