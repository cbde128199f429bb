#include "description_scan.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "build_plan.hpp"
#include "limit_text.hpp"
#include "limits.hpp"
#include "../dehydrate/base/ascii_text.hpp"
#include "../dehydrate/base/js_number.hpp"
#include "../dehydrate/base/js_string.hpp"

namespace dehydra::webtree {
namespace {
enum class Role : uint8_t { kElement, kAttributes, kChildren };

struct Frame {
  Role role;
  int item;
  bool after_value = false;  // expecting ',' or the closing bracket
  uint32_t count = 0;        // children seen (kChildren)
};


class Scanner {
 public:
  explicit Scanner(std::string_view s) : s_(s) {
    d_.items.reserve(s.size() / 32 + 4);  // a rough guess: items are at least ~12 bytes of JSON
  }

  Description run() {
    skip_space();
    if (at_end()) return syntax();
    if (s_[i_] != '{') {
      // A lone string or other value: the message depends on whether it is JSON at all.
      if (!nlohmann::json::accept(s_)) return syntax();
      return fail(s_[i_] == '"' ? "页面节点树的根须为元素描述" : "页面节点描述须为对象或文字：根");
    }
    ++i_;
    ++units_;
    new_item(-1, 0, 1, false);
    stack_.push_back({Role::kElement, 0});
    while (!stack_.empty()) {
      if (!step()) return std::move(d_);
    }
    skip_space();
    if (!at_end()) return syntax();
    d_.units = units_;
    return std::move(d_);
  }

 private:
  bool at_end() const { return i_ >= s_.size(); }

  void skip_space() {
    while (i_ < s_.size() && common::is_json_space(s_[i_])) {
      ++i_;
      ++units_;
    }
  }

  Description syntax() {
    d_.error = "页面节点树描述不是有效 JSON";
    return std::move(d_);
  }
  void set_syntax() { d_.error = "页面节点树描述不是有效 JSON"; }

  // A rule failed. If the description is not valid JSON further on, that is reported instead,
  // as a parse-then-validate host would.
  void set_failure(std::string message) {
    d_.error = nlohmann::json::accept(s_) ? std::move(message) : "页面节点树描述不是有效 JSON";
  }
  Description fail(std::string message) {
    set_failure(std::move(message));
    return std::move(d_);
  }

  bool stop(std::string message) {
    set_failure(std::move(message));
    return false;
  }
  bool stop_syntax() {
    set_syntax();
    return false;
  }

  std::string at(const std::string& message, int item) { return message + "（" + item_position(d_, item) + "）"; }

  int new_item(int parent, uint32_t ordinal, uint32_t depth, bool is_text) {
    DescItem item;
    item.parent = parent;
    item.ordinal = ordinal;
    item.depth = depth;
    item.is_text = is_text;
    int index = static_cast<int>(d_.items.size());
    d_.items.push_back(item);
    if (parent >= 0) {
      DescItem& p = d_.items[static_cast<size_t>(parent)];
      if (p.last_child >= 0) d_.items[static_cast<size_t>(p.last_child)].next_sibling = index;
      else p.first_child = index;
      p.last_child = index;
    }
    return index;
  }

  // Reads a string at s_[i_] == '"'. False on a syntax error.
  bool string(TextRef& ref) {
    ++i_;
    ++units_;
    ref.begin = static_cast<uint32_t>(i_);
    ref.unit_begin = static_cast<int32_t>(units_);
    ref.escaped = false;
    ref.present = true;
    while (true) {
      if (at_end()) return false;
      unsigned char b = static_cast<unsigned char>(s_[i_]);
      if (b == '"') break;
      if (b < 0x20) return false;
      if (b == '\\') {
        ref.escaped = true;
        if (i_ + 1 >= s_.size()) return false;
        char e = s_[i_ + 1];
        if (e == 'u') {
          uint32_t code = 0;
          if (!hex4(i_ + 2, code)) return false;
          i_ += 6;
          if (code >= 0xD800 && code <= 0xDBFF) {
            uint32_t low = 0;
            if (i_ + 1 >= s_.size() || s_[i_] != '\\' || s_[i_ + 1] != 'u' || !hex4(i_ + 2, low) ||
                low < 0xDC00 || low > 0xDFFF)
              return false;
            i_ += 6;
            units_ += 2;
          } else if (code >= 0xDC00 && code <= 0xDFFF) {
            return false;
          } else {
            units_ += 1;
          }
          continue;
        }
        if (e != '"' && e != '\\' && e != '/' && e != 'b' && e != 'f' && e != 'n' && e != 'r' && e != 't') return false;
        i_ += 2;
        units_ += 1;
        continue;
      }
      if (b < 0x80) {
        ++i_;
        ++units_;
        continue;
      }
      char32_t c = common::decode_utf8(s_, i_);
      if (c == common::kMalformedUtf8) return false;
      units_ += c > 0xFFFF ? 2 : 1;
    }
    ref.end = static_cast<uint32_t>(i_);
    ref.unit_end = static_cast<int32_t>(units_);
    ++i_;
    ++units_;
    return true;
  }

  bool hex4(size_t k, uint32_t& out) {
    if (k + 4 > s_.size()) return false;
    out = 0;
    for (size_t j = 0; j < 4; ++j) {
      int h = common::ascii_hex_value(s_[k + j]);
      if (h < 0) return false;
      out = out * 16 + static_cast<uint32_t>(h);
    }
    return true;
  }

  bool number(TextRef& ref) {
    size_t start = i_;
    if (s_[i_] == '-') ++i_;
    if (at_end()) return false;
    if (s_[i_] == '0') {
      ++i_;
    } else if (s_[i_] >= '1' && s_[i_] <= '9') {
      while (!at_end() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
    } else {
      return false;
    }
    if (!at_end() && s_[i_] == '.') {
      ++i_;
      size_t digits = i_;
      while (!at_end() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
      if (i_ == digits) return false;
    }
    if (!at_end() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (!at_end() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      size_t digits = i_;
      while (!at_end() && s_[i_] >= '0' && s_[i_] <= '9') ++i_;
      if (i_ == digits) return false;
    }
    ref.begin = static_cast<uint32_t>(start);
    ref.end = static_cast<uint32_t>(i_);
    ref.present = true;
    units_ += i_ - start;
    return true;
  }

  bool literal(std::string_view word) {
    if (s_.substr(i_, word.size()) != word) return false;
    i_ += word.size();
    units_ += word.size();
    return true;
  }

  bool count_text(const TextRef& ref) {
    text_bytes_ += ref.escaped ? decode_string(s_, ref).size() : ref.end - ref.begin;
    return text_bytes_ <= kTreeMaxTextBytes;
  }

  bool step() {
    Frame& f = stack_.back();
    skip_space();
    if (at_end()) return stop_syntax();
    char c = s_[i_];
    char close = f.role == Role::kChildren ? ']' : '}';
    if (c == close) {
      ++i_;
      ++units_;
      Frame done = f;
      stack_.pop_back();
      if (done.role == Role::kElement && !d_.items[static_cast<size_t>(done.item)].tag.present) {
        return stop(at("页面节点描述缺少标签", done.item));
      }
      return true;
    }
    if (f.after_value) {
      if (c != ',') return stop_syntax();
      ++i_;
      ++units_;
      skip_space();
      if (at_end()) return stop_syntax();
      c = s_[i_];
    }
    f.after_value = true;
    return f.role == Role::kChildren ? child(stack_.size() - 1) : member(stack_.size() - 1);
  }

  bool child(size_t frame) {
    Frame& f = stack_[frame];
    int parent = f.item;
    uint32_t ordinal = f.count++;
    uint32_t depth = d_.items[static_cast<size_t>(parent)].depth + 1;
    char c = s_[i_];
    if (c != '{' && c != '"') {
      int probe = new_item(parent, ordinal, depth, false);
      return stop("页面节点描述须为对象或文字：" + item_position(d_, probe));
    }
    if (++nodes_ > kTreeMaxNodes) return stop("页面节点树节点数超过 " + std::to_string(kTreeMaxNodes));
    if (c == '"') {
      int k = new_item(parent, ordinal, depth, true);
      if (!string(d_.items[static_cast<size_t>(k)].text)) return stop_syntax();
      if (!count_text(d_.items[static_cast<size_t>(k)].text)) return stop("页面节点树文字总量超过 " + mib_text(kTreeMaxTextBytes));
      return true;
    }
    int k = new_item(parent, ordinal, depth, false);
    if (depth > kTreeMaxDepth) return stop("页面节点树深度超过 " + std::to_string(kTreeMaxDepth) + "：" + item_position(d_, k));
    ++i_;
    ++units_;
    stack_.push_back({Role::kElement, k});
    return true;
  }

  bool member(size_t frame) {
    Role role = stack_[frame].role;
    int item = stack_[frame].item;
    if (s_[i_] != '"') return stop_syntax();
    TextRef key;
    if (!string(key)) return stop_syntax();
    skip_space();
    if (at_end() || s_[i_] != ':') return stop_syntax();
    ++i_;
    ++units_;
    skip_space();
    if (at_end()) return stop_syntax();
    std::string name = key.escaped ? decode_string(s_, key) : std::string(s_.substr(key.begin, key.end - key.begin));
    char c = s_[i_];
    DescItem& it = d_.items[static_cast<size_t>(item)];
    if (role == Role::kAttributes) {
      AttrRef a;
      a.name = key;
      bool ok = c == '"'                  ? (a.kind = AttrRef::kString, string(a.value))
                : c == 't'                ? (a.kind = AttrRef::kTrue, literal("true"))
                : c == 'f'                ? (a.kind = AttrRef::kFalse, literal("false"))
                : (c == '-' || (c >= '0' && c <= '9')) ? (a.kind = AttrRef::kNumber, number(a.value))
                                          : false;
      if (!ok) return stop(at("页面节点属性值须为文字、数字或布尔：" + std::string(common::utf16_prefix(name, 128)), item));
      size_t value_units = a.kind == AttrRef::kString ? static_cast<size_t>(a.value.unit_end - a.value.unit_begin)
                           : a.kind == AttrRef::kNumber ? a.value.end - a.value.begin : 5;
      attribute_units_ += common::utf16_length(name) + value_units;
      if (attribute_units_ > kTreeMaxAttributeUnits) return stop("页面节点树属性总量超过 " + mib_text(kTreeMaxAttributeUnits));
      d_.attrs.push_back(a);
      ++it.attr_count;
      return true;
    }
    if (name == "标签" || name == "类" || name == "文字") {
      if (c != '"') {
        const char* what = name == "标签" ? "页面标签须为文字（" : name == "类" ? "页面类名须为文字（" : "页面节点文字须为文字：";
        return stop(name == "文字" ? what + item_position(d_, item) : std::string(what) + item_position(d_, item) + "）");
      }
      TextRef value;
      if (!string(value)) return stop_syntax();
      DescItem& target = d_.items[static_cast<size_t>(item)];
      if (name == "标签") target.tag = value;
      else if (name == "类") target.classes = value;
      else {
        target.text = value;
        if (!count_text(value)) return stop("页面节点树文字总量超过 " + mib_text(kTreeMaxTextBytes));
      }
      return true;
    }
    if (name == "属性") {
      if (c != '{') return stop("页面节点属性须为对象：" + item_position(d_, item));
      ++i_;
      ++units_;
      it.attr_first = static_cast<uint32_t>(d_.attrs.size());
      it.attr_count = 0;
      stack_.push_back({Role::kAttributes, item});
      return true;
    }
    if (name == "子") {
      if (c != '[') return stop("页面节点子项须为数组：" + item_position(d_, item));
      ++i_;
      ++units_;
      it.first_child = it.last_child = -1;  // a repeated 子 replaces the earlier one
      stack_.push_back({Role::kChildren, item});
      return true;
    }
    return stop(at("页面节点描述含未知字段：" + std::string(common::utf16_prefix(name, kMessageNameUnits)), item));
  }

  std::string_view s_;
  size_t i_ = 0;
  size_t units_ = 0;
  Description d_;
  std::vector<Frame> stack_;
  size_t nodes_ = 1;
  size_t text_bytes_ = 0;
  size_t attribute_units_ = 0;
};
}  // namespace

Description scan_description(std::string_view json) { return Scanner(json).run(); }

std::string decode_string(std::string_view json, const TextRef& ref) {
  std::string_view raw = json.substr(ref.begin, ref.end - ref.begin);
  if (!ref.escaped) return std::string(raw);
  std::string out;
  out.reserve(raw.size());
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] != '\\') {
      out += raw[i];
      continue;
    }
    char e = raw[++i];
    switch (e) {
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {
        uint32_t code = 0;
        for (size_t j = 1; j <= 4; ++j) code = code * 16 + static_cast<uint32_t>(common::ascii_hex_value(raw[i + j]));
        i += 4;
        if (code >= 0xD800 && code <= 0xDBFF) {
          uint32_t low = 0;
          for (size_t j = 3; j <= 6; ++j) low = low * 16 + static_cast<uint32_t>(common::ascii_hex_value(raw[i + j]));
          i += 6;
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
        }
        common::append_utf8(out, code);
        break;
      }
      default: out += e;  // " \ /
    }
  }
  return out;
}

std::string number_as_text(std::string_view json, const TextRef& ref) {
  std::string raw(json.substr(ref.begin, ref.end - ref.begin));
  return common::js_number(std::strtod(raw.c_str(), nullptr));  // String(n), as the host prints it
}

std::string item_position(const Description& d, int item) {
  std::vector<uint32_t> path;
  for (int k = item; k > 0; k = d.items[static_cast<size_t>(k)].parent)
    path.push_back(d.items[static_cast<size_t>(k)].ordinal);
  std::string out = "根";
  for (size_t j = path.size(); j-- > 0;) out += ".子[" + std::to_string(path[j]) + "]";
  return out;
}

}  // namespace dehydra::webtree
