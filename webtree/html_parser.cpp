#include "html_parser.hpp"
#include "../dehydrate/base/ascii_text.hpp"

#include <initializer_list>

#include "html_entities.hpp"

namespace dehydra::webtree {
namespace {
using common::ascii_lower;
using common::is_ascii_alpha;

bool in(std::string_view s, std::initializer_list<std::string_view> list) {
  for (std::string_view x : list) {
    if (x == s) return true;
  }
  return false;
}

bool is_void(std::string_view t) {
  return in(t, {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                "track", "wbr", "param", "keygen", "basefont", "bgsound", "frame"});
}
bool is_raw_text(std::string_view t) {
  return in(t, {"script", "style", "xmp", "iframe", "noembed", "noframes", "noscript"});
}
bool closes_p(std::string_view t) {
  return in(t, {"address", "article", "aside", "blockquote", "center", "details", "dialog", "dir",
                "div", "dl", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3",
                "h4", "h5", "h6", "header", "hgroup", "hr", "main", "menu", "nav", "ol", "p", "pre",
                "section", "summary", "table", "ul", "li", "dd", "dt", "plaintext", "listing"});
}
bool is_heading(std::string_view t) { return in(t, {"h1", "h2", "h3", "h4", "h5", "h6"}); }
bool is_scope_boundary(std::string_view t) {
  return in(t, {"table", "td", "th", "caption", "template", "html", "marquee", "object", "applet",
                "svg", "math"});
}

// CRLF and lone CR become LF, as the HTML input stream does.
std::string normalise_newlines(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\r') {
      out += '\n';
      if (i + 1 < s.size() && s[i + 1] == '\n') ++i;
    } else {
      out += s[i];
    }
  }
  return out;
}

class Parser {
 public:
  Parser(std::string_view html, const HtmlLimits& limits) : input_(normalise_newlines(html)), s_(input_),
      limits_(limits) {
    tree_.nodes.emplace_back();
    open_.push_back(0);
  }

  HtmlTree run() {
    while (i_ < s_.size() && tree_.error.empty()) {
      char c = s_[i_];
      if (c == '<') {
        if (!markup()) {
          text("<");
          ++i_;
        }
      } else if (c == '&') {
        std::string decoded;
        if (decode_character_reference(s_, i_, false, decoded)) {
          text(decoded);
        } else {
          text("&");
          ++i_;
        }
      } else {
        size_t end = s_.find_first_of("<&", i_);
        if (end == std::string_view::npos) end = s_.size();
        text(s_.substr(i_, end - i_));
        i_ = end;
      }
    }
    return std::move(tree_);
  }

 private:
  int current() const { return open_.back(); }
  HtmlNode& node(int k) { return tree_.nodes[static_cast<size_t>(k)]; }

  bool count_node() {
    if (tree_.nodes.size() > limits_.max_nodes) {  // nodes[0] is the root
      tree_.error = "页面超文本节点数超过 " + std::to_string(limits_.max_nodes);
      return false;
    }
    return true;
  }

  void text(std::string_view t) {
    std::string clean;
    for (char c : t) {
      if (c != '\0') clean += c;  // U+0000 in text is dropped by tree construction
    }
    if (clean.empty()) return;
    HtmlNode& parent = node(current());
    if (!parent.children.empty() && node(parent.children.back()).is_text) {
      node(parent.children.back()).text += clean;
      return;
    }
    HtmlNode n;
    n.is_text = true;
    n.text = std::move(clean);
    n.parent = current();
    int index = static_cast<int>(tree_.nodes.size());
    tree_.nodes.push_back(std::move(n));
    node(current()).children.push_back(index);
    count_node();
  }

  // Skips to just after the next '>' (or the end).
  void skip_past(char c) {
    size_t end = s_.find(c, i_);
    i_ = end == std::string_view::npos ? s_.size() : end + 1;
  }

  bool markup() {
    if (i_ + 1 >= s_.size()) return false;
    char next = s_[i_ + 1];
    if (next == '!') {
      if (s_.substr(i_, 4) == "<!--") {
        size_t body = i_ + 4;
        if (s_.substr(body, 1) == ">") { i_ = body + 1; return true; }
        if (s_.substr(body, 2) == "->") { i_ = body + 2; return true; }
        size_t end = s_.find("-->", body);
        size_t bang = s_.find("--!>", body);
        if (bang != std::string_view::npos && (end == std::string_view::npos || bang < end)) {
          i_ = bang + 4;
        } else {
          i_ = end == std::string_view::npos ? s_.size() : end + 3;
        }
        return true;
      }
      skip_past('>');
      return true;
    }
    if (next == '?') {
      skip_past('>');
      return true;
    }
    if (next == '/') {
      if (i_ + 2 >= s_.size()) return false;
      char after = s_[i_ + 2];
      if (after == '>') { i_ += 3; return true; }
      if (!is_ascii_alpha(after)) { skip_past('>'); return true; }
      i_ += 2;
      std::string name = tag_name();
      Attributes ignored;
      bool self_closing = false;
      if (!attributes(ignored, self_closing)) return true;
      end_tag(name);
      return true;
    }
    if (!is_ascii_alpha(next)) return false;
    ++i_;
    std::string name = tag_name();
    Attributes attrs;
    bool self_closing = false;
    if (!attributes(attrs, self_closing)) return true;  // end of input inside a tag: dropped
    if (is_raw_text(name) || name == "textarea" || name == "title" || name == "plaintext") {
      raw_text_element(name, std::move(attrs));
    } else {
      start_tag(name, std::move(attrs));
    }
    return true;
  }

  std::string tag_name() {
    std::string name;
    while (i_ < s_.size() && !common::is_ascii_space(s_[i_]) && s_[i_] != '/' && s_[i_] != '>') {
      if (s_[i_] == '\0') name += "\xEF\xBF\xBD";
      else name += ascii_lower(s_[i_]);
      ++i_;
    }
    return name;
  }

  // Reads attributes up to and including '>'. False when the input ends inside the tag.
  bool attributes(Attributes& out, bool& self_closing) {
    while (true) {
      while (i_ < s_.size() && (common::is_ascii_space(s_[i_]) || s_[i_] == '/')) {
        self_closing = s_[i_] == '/';
        ++i_;
      }
      if (i_ >= s_.size()) return false;
      if (s_[i_] == '>') { ++i_; return true; }
      self_closing = false;
      std::string name;
      name += ascii_lower(s_[i_] == '\0' ? '?' : s_[i_]);
      ++i_;
      while (i_ < s_.size() && !common::is_ascii_space(s_[i_]) && s_[i_] != '/' && s_[i_] != '>' && s_[i_] != '=') {
        if (s_[i_] == '\0') name += "\xEF\xBF\xBD";
        else name += ascii_lower(s_[i_]);
        ++i_;
      }
      size_t k = i_;
      while (k < s_.size() && common::is_ascii_space(s_[k])) ++k;
      std::string value;
      if (k < s_.size() && s_[k] == '=') {
        i_ = k + 1;
        while (i_ < s_.size() && common::is_ascii_space(s_[i_])) ++i_;
        if (i_ >= s_.size()) return false;
        if (s_[i_] == '"' || s_[i_] == '\'') {
          char quote = s_[i_++];
          if (!attribute_value(value, [quote](char c) { return c == quote; })) return false;
          ++i_;
        } else {
          attribute_value(value, [](char c) { return common::is_ascii_space(c) || c == '>'; });
        }
      }
      bool seen = false;
      for (const auto& a : out) seen = seen || a.first == name;
      if (!seen) out.emplace_back(std::move(name), std::move(value));
    }
  }

  template <class Stop>
  bool attribute_value(std::string& value, Stop stop) {
    while (i_ < s_.size() && !stop(s_[i_])) {
      if (s_[i_] == '&' && decode_character_reference(s_, i_, true, value)) continue;
      if (s_[i_] == '\0') value += "\xEF\xBF\xBD";
      else value += s_[i_];
      ++i_;
    }
    return i_ < s_.size();
  }

  // script, style, textarea, title...: the content up to the matching end tag is text.
  void raw_text_element(const std::string& name, Attributes attrs) {
    size_t end = s_.size(), resume = s_.size();
    if (name != "plaintext") {
      for (size_t k = s_.find("</", i_); k != std::string_view::npos; k = s_.find("</", k + 2)) {
        size_t after = k + 2 + name.size();
        if (after > s_.size()) break;
        bool same = true;
        for (size_t j = 0; j < name.size(); ++j) same = same && ascii_lower(s_[k + 2 + j]) == name[j];
        if (same && (after == s_.size() || common::is_ascii_space(s_[after]) || s_[after] == '/' || s_[after] == '>')) {
          end = k;
          size_t close = s_.find('>', after);
          resume = close == std::string_view::npos ? s_.size() : close + 1;
          break;
        }
      }
    }
    std::string content;
    if (name == "textarea" || name == "title") {
      for (size_t k = i_; k < end;) {
        if (s_[k] == '&' && decode_character_reference(s_, k, false, content)) continue;
        content += s_[k++];
      }
      if (name == "textarea" && !content.empty() && content[0] == '\n') content.erase(0, 1);
    } else {
      content = std::string(s_.substr(i_, end - i_));
    }
    i_ = resume;
    if (!start_tag(name, std::move(attrs))) return;
    if (!content.empty()) text(content);
    if (current() != 0 && node(current()).tag == name) open_.pop_back();
  }

  bool in_scope(std::string_view tag, bool button_scope, std::initializer_list<std::string_view> also = {}) {
    for (size_t k = open_.size(); k-- > 1;) {
      const std::string& t = node(open_[k]).tag;
      if (t == tag) return true;
      if (is_scope_boundary(t) || (button_scope && t == "button") || in(t, also)) return false;
    }
    return false;
  }

  void close_to(std::string_view tag) {
    while (open_.size() > 1) {
      bool hit = node(current()).tag == tag;
      open_.pop_back();
      if (hit) return;
    }
  }

  void pop_until_one_of(std::initializer_list<std::string_view> tags) {
    while (open_.size() > 1 && !in(node(current()).tag, tags)) open_.pop_back();
  }

  void close_implied(const std::string& name) {
    if (closes_p(name) && in_scope("p", true)) close_to("p");
    if (name == "li" && in_scope("li", false, {"ul", "ol"})) close_to("li");
    if ((name == "dd" || name == "dt") && (in_scope("dd", false, {"dl"}) || in_scope("dt", false, {"dl"}))) {
      pop_until_one_of({"dd", "dt"});
      open_.pop_back();
    }
    if (is_heading(name) && is_heading(node(current()).tag)) open_.pop_back();
    if ((name == "option" || name == "optgroup") && node(current()).tag == "option") open_.pop_back();
    if (name == "optgroup" && node(current()).tag == "optgroup") open_.pop_back();
    if (name == "a" && in_scope("a", false)) close_to("a");
    if (name == "button" && in_scope("button", false)) close_to("button");
    bool in_table = in_scope("table", false, {});
    (void)in_table;
    if (name == "tr" || name == "td" || name == "th" || name == "thead" || name == "tbody" || name == "tfoot") {
      if (name == "thead" || name == "tbody" || name == "tfoot") {
        pop_until_one_of({"table"});
      } else if (name == "tr") {
        pop_until_one_of({"tbody", "thead", "tfoot", "table"});
        if (node(current()).tag == "table") push_element("tbody", {});
      } else {
        pop_until_one_of({"tr", "tbody", "thead", "tfoot", "table"});
        if (node(current()).tag == "table") push_element("tbody", {});
        if (node(current()).tag != "tr") push_element("tr", {});
      }
    }
  }

  // Appends an element to the current node and opens it (unless void). False on a limit.
  bool push_element(const std::string& name, Attributes attrs) {
    HtmlNode n;
    n.tag = name;
    n.attributes = std::move(attrs);
    n.parent = current();
    n.in_template = node(current()).tag == "template" || node(current()).in_template;
    int index = static_cast<int>(tree_.nodes.size());
    tree_.nodes.push_back(std::move(n));
    node(current()).children.push_back(index);
    if (!count_node()) return false;
    if (open_.size() > limits_.max_depth) {  // its depth is open_.size() (root is depth 0)
      tree_.error = "页面超文本深度超过 " + std::to_string(limits_.max_depth) + "：" + html_position(tree_, index);
      return false;
    }
    if (!is_void(name)) open_.push_back(index);
    return true;
  }

  bool start_tag(const std::string& name, Attributes attrs) {
    if (name == "html" || name == "head" || name == "body") return false;
    if (name == "form" && in_scope("form", false)) return false;
    bool table_part = in(name, {"tr", "td", "th", "thead", "tbody", "tfoot"});
    if (table_part && !in_scope("table", false, {})) {
      // Outside a table the parser ignores these tags.
      bool any_table = false;
      for (int k : open_) any_table = any_table || node(k).tag == "table";
      if (!any_table) return false;
    }
    close_implied(name);
    return push_element(name, std::move(attrs));
  }

  void end_tag(const std::string& name) {
    if (name == "html" || name == "head" || name == "body") return;
    if (name == "br") { push_element("br", {}); return; }
    if (name == "p" && !in_scope("p", true)) {
      if (push_element("p", {})) open_.pop_back();
      return;
    }
    for (size_t k = open_.size(); k-- > 1;) {
      if (node(open_[k]).tag == name) {
        open_.resize(k);
        return;
      }
    }
  }

  std::string input_;
  std::string_view s_;
  size_t i_ = 0;
  HtmlLimits limits_;
  HtmlTree tree_;
  std::vector<int> open_;
};
}  // namespace

HtmlTree parse_html(std::string_view html, const HtmlLimits& limits) { return Parser(html, limits).run(); }

std::string html_position(const HtmlTree& tree, int index) {
  std::vector<size_t> path;
  int k = index;
  while (k > 0) {
    const HtmlNode& n = tree.nodes[static_cast<size_t>(k)];
    const auto& siblings = tree.nodes[static_cast<size_t>(n.parent)].children;
    size_t at = 0;
    while (at < siblings.size() && siblings[at] != k) ++at;
    path.push_back(at);
    k = n.parent;
  }
  std::string out = "根";
  for (size_t j = path.size(); j-- > 0;) {
    out += j + 1 == path.size() ? "[" : ".子[";
    out += std::to_string(path[j]) + "]";
  }
  return out;
}

}  // namespace dehydra::webtree
