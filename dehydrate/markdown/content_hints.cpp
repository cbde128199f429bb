#include "content_hints.hpp"

#include <string>

#include "../base/ascii_text.hpp"

namespace dehydra::markdown {

namespace {

const char* const kNegative[] = {"hidden", "banner", "combx", "comment", "com-", "contact", "footer", "footnote",
                                 "masthead", "media", "meta", "outbrain", "promo", "related", "scroll", "share",
                                 "shoutbox", "sidebar", "skyscraper", "sponsor", "shopping", "tags", "widget",
                                 "social", "newsletter", "subscribe", "cookie", "popup", "modal", "breadcrumb"};
const char* const kPositive[] = {"article", "body", "content", "entry", "hentry", "h-entry", "main", "page",
                                 "pagination", "post", "text", "blog", "story"};
const char* const kUnlikely[] = {"-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community",
                                 "cover-wrap", "disqus", "extra", "footer", "gdpr", "header", "legends", "menu",
                                 "related", "remark", "replies", "rss", "shoutbox", "sidebar", "skyscraper",
                                 "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination",
                                 "pager", "popup", "yom-remote", "cookie", "newsletter"};
const char* const kMaybe[] = {"and", "article", "body", "column", "content", "main", "mathjax", "shadow"};

bool contains_any(const std::string& hay, const char* const* words, size_t count) {
  for (size_t i = 0; i < count; ++i)
    if (hay.find(words[i]) != std::string::npos) return true;
  return false;
}

std::string hint_text(const snapshot::Snapshot& s, const snapshot::Node& n) {
  std::string h;
  if (const std::string_view* c = s.attribute(n, "class")) h += common::ascii_lower(*c);
  h += ' ';
  if (const std::string_view* id = s.attribute(n, "id")) h += common::ascii_lower(*id);
  return h;
}

}  // namespace

int class_weight(const snapshot::Snapshot& s, const snapshot::Node& n) {
  int weight = 0;
  for (const char* attr : {"class", "id"}) {
    const std::string_view* v = s.attribute(n, attr);
    if (!v || v->empty()) continue;
    std::string h = common::ascii_lower(*v);
    if (contains_any(h, kNegative, sizeof kNegative / sizeof *kNegative)) weight -= 25;
    if (contains_any(h, kPositive, sizeof kPositive / sizeof *kPositive)) weight += 25;
  }
  return weight;
}

bool unlikely_content(const snapshot::Snapshot& s, const snapshot::Node& n) {
  if (n.tag == "body" || n.tag == "a" || n.tag == "article" || n.tag == "main") return false;
  if (n.tag == "nav" || n.tag == "aside" || n.tag == "footer" || n.tag == "dialog") return true;
  if (const std::string_view* role = s.attribute(n, "role")) {
    for (const char* r : {"menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog",
                          "contentinfo", "banner"})
      if (common::has_token(*role, r)) return true;
  }
  std::string h = hint_text(s, n);
  if (h.size() <= 1) return false;
  return contains_any(h, kUnlikely, sizeof kUnlikely / sizeof *kUnlikely) &&
         !contains_any(h, kMaybe, sizeof kMaybe / sizeof *kMaybe);
}

}  // namespace dehydra::markdown
