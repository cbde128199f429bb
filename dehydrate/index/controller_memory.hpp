// What one PageController remembers between updates: the numbers it gave (stableIndices) and the
// lines it printed last (diff).
#pragma once
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>

namespace dehydra::index {

struct ControllerMemory {
  std::unordered_map<uint32_t, int32_t> numbers;  // stable id -> index, never reused
  int32_t next_number = 0;
  bool has_previous = false;
  std::unordered_map<uint32_t, std::pair<int32_t, std::string>> previous_elements;  // stable id -> (index, line)
  std::unordered_map<std::string, uint32_t> previous_texts;                         // bare text -> count
};

}  // namespace dehydra::index
