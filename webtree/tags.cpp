#include "tags.hpp"

#include "messages.hpp"

namespace dehydra::webtree {
namespace {
constexpr std::string_view kWhitelist[] = {
    "a", "span", "small", "b", "strong", "br", "h1", "h2", "h3", "h4", "h5", "p", "section", "div",
    "article", "nav", "button", "table", "thead", "tbody", "tr", "th", "td", "pre", "code", "time",
    "ul", "ol", "li", "label", "select", "option", "form", "input", "textarea", "details", "summary",
    "em", "i", "kbd", "sup", "sub", "blockquote", "hr", "dl", "dt", "dd"};

constexpr std::string_view kDangerous[] = {"script", "style", "iframe", "object", "embed", "link",
                                           "meta", "base", "frame", "frameset", "applet"};

template <size_t N>
bool contains(const std::string_view (&list)[N], std::string_view tag) {
  for (std::string_view t : list) {
    if (t == tag) return true;
  }
  return false;
}
}  // namespace

bool is_whitelisted_tag(std::string_view tag) { return contains(kWhitelist, tag); }
int whitelisted_tag_index(std::string_view tag) {
  for (size_t i = 0; i < sizeof kWhitelist / sizeof kWhitelist[0]; ++i) {
    if (kWhitelist[i] == tag) return static_cast<int>(i);
  }
  return -1;
}
const char* whitelist_tag_list() {
  return "a span small b strong br h1 h2 h3 h4 h5 p section div article nav button table thead tbody tr th "
         "td pre code time ul ol li label select option form input textarea details summary em i kbd sup "
         "sub blockquote hr dl dt dd";
}
bool is_void_tag(std::string_view tag) { return tag == "br" || tag == "input" || tag == "hr"; }
bool is_dangerous_tag(std::string_view tag) { return contains(kDangerous, tag); }
common::Outcome<bool> check_tag(std::string_view tag) {
  if (!is_whitelisted_tag(tag)) return common::failure(message("tag-unsupported", tag));
  return common::passed();
}
const char* dangerous_tag_list() {
  return "script style iframe object embed link meta base frame frameset applet";
}

}  // namespace dehydra::webtree
