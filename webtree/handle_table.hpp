// One application instance's handle table: opaque decimal handles ("1", "2", ...) that are never
// reused, mapped to dense slot ids (reused) that js-shim uses to index its Node array.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "limits.hpp"

namespace dehydra::webtree {

class HandleTable {
 public:
  explicit HandleTable(size_t capacity = kHandleCapacity) : capacity_(capacity) {}

  int allocate();                              // a fresh slot with a new handle; -1 when full
  std::string handle_of(int slot) const;       // "" for a free slot
  int resolve(std::string_view handle) const;  // -1 unless canonical, issued and live
  bool release(int slot);                      // false when the slot is not live
  size_t count() const { return by_handle_.size(); }
  size_t remaining() const { return capacity_ - count(); }

 private:
  size_t capacity_;
  std::vector<uint64_t> slot_handle_;  // 0 marks a free slot
  std::vector<int> free_slots_;
  std::unordered_map<uint64_t, int> by_handle_;
  uint64_t next_ = 1;
};

}  // namespace dehydra::webtree
