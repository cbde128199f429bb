#include "handle_table.hpp"

namespace dehydra::webtree {

int HandleTable::allocate() {
  if (count() >= capacity_) return -1;
  int slot;
  if (!free_slots_.empty()) {
    slot = free_slots_.back();
    free_slots_.pop_back();
  } else {
    slot = static_cast<int>(slot_handle_.size());
    slot_handle_.push_back(0);
  }
  uint64_t handle = next_++;
  slot_handle_[static_cast<size_t>(slot)] = handle;
  by_handle_[handle] = slot;
  return slot;
}

std::string HandleTable::handle_of(int slot) const {
  if (slot < 0 || static_cast<size_t>(slot) >= slot_handle_.size()) return "";
  uint64_t h = slot_handle_[static_cast<size_t>(slot)];
  return h ? std::to_string(h) : "";
}

int HandleTable::resolve(std::string_view handle) const {
  // Canonical decimal only: no sign, no leading zero, no spaces, at most kHandleMaxDigits digits.
  if (handle.empty() || handle.size() > kHandleMaxDigits || handle[0] == '0') return -1;
  uint64_t value = 0;
  for (char c : handle) {
    if (c < '0' || c > '9') return -1;
    value = value * 10 + static_cast<uint64_t>(c - '0');
  }
  auto it = by_handle_.find(value);
  return it == by_handle_.end() ? -1 : it->second;
}

bool HandleTable::release(int slot) {
  if (slot < 0 || static_cast<size_t>(slot) >= slot_handle_.size()) return false;
  uint64_t& h = slot_handle_[static_cast<size_t>(slot)];
  if (!h) return false;
  by_handle_.erase(h);
  h = 0;
  free_slots_.push_back(slot);
  return true;
}

}  // namespace dehydra::webtree
