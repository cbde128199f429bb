#include "links.hpp"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "../common/ascii_text.hpp"
#include "../common/js_string.hpp"
#include "../common/url_resolution.hpp"

namespace dehydra::markdown {

bool safe_scheme(std::string_view scheme, std::string_view base) {
  if (scheme == "http" || scheme == "https" || scheme == "mailto" || scheme == "tel" || scheme == "ftp") return true;
  return scheme == "file" && common::url_scheme(base) == "file";
}

std::string safe_link(std::string_view base, std::string_view href) {
  std::string stripped = common::strip_url_whitespace(href);
  if (stripped.empty()) return "";
  std::string resolved = common::resolve_url(base, stripped);
  std::string scheme = common::url_scheme(resolved);
  if (scheme.empty()) {
    // No base to resolve against: a relative reference can do no harm.
    return common::url_scheme(stripped).empty() ? resolved : "";
  }
  return safe_scheme(scheme, base) ? resolved : "";
}

namespace {

// The candidate of a srcset with the largest width (or density) descriptor; the first one on ties.
std::string_view best_srcset_candidate(std::string_view srcset) {
  std::string_view best;
  double best_score = -1;
  size_t i = 0;
  while (i < srcset.size()) {
    while (i < srcset.size() && (common::is_ascii_space(srcset[i]) || srcset[i] == ',')) ++i;
    size_t start = i;
    while (i < srcset.size() && !common::is_ascii_space(srcset[i])) ++i;
    std::string_view url = srcset.substr(start, i - start);
    // A URL may end with the comma that separates it from the next candidate.
    bool ended = !url.empty() && url.back() == ',';
    if (ended) url.remove_suffix(1);
    double score = 1;
    if (!ended) {
      size_t d = i;
      while (d < srcset.size() && common::is_ascii_space(srcset[d])) ++d;
      size_t dstart = d;
      while (d < srcset.size() && srcset[d] != ',') ++d;
      std::string desc(common::trim_ascii(srcset.substr(dstart, d - dstart)));
      if (!desc.empty()) {
        double v = std::strtod(desc.c_str(), nullptr);
        if (v > 0) score = desc.back() == 'x' ? v * 1000 : v;
      }
      i = d;
    }
    if (!url.empty() && score > best_score) { best = url; best_score = score; }
  }
  return best;
}

bool placeholder(std::string_view src) {
  std::string_view t = common::trim_ascii(src);
  return t.empty() || common::url_scheme(t) == "data" || common::url_scheme(t) == "blob";
}

}  // namespace

std::string image_source(const snapshot::Snapshot& s, const snapshot::Node& img, std::string_view base) {
  std::string_view chosen;
  const std::string_view* src = s.attribute(img, "src");
  if (src && !placeholder(*src)) chosen = *src;
  for (const char* lazy : {"data-src", "data-lazy-src", "data-original", "data-url"}) {
    const std::string_view* v = s.attribute(img, lazy);
    if (chosen.empty() && v && !placeholder(*v)) chosen = *v;
  }
  for (const char* set : {"srcset", "data-srcset"}) {
    const std::string_view* v = s.attribute(img, set);
    if (chosen.empty() && v) chosen = best_srcset_candidate(*v);
  }
  if (chosen.empty() || placeholder(chosen)) return "";
  std::string resolved = common::resolve_url(base, chosen);
  std::string scheme = common::url_scheme(resolved);
  if (scheme.empty()) return resolved;
  if (scheme == "http" || scheme == "https" || (scheme == "file" && common::url_scheme(base) == "file")) return resolved;
  return "";
}

std::string empty_link_label(const snapshot::Snapshot& s, uint32_t link) {
  using snapshot::kNone;
  const snapshot::Node& a = s[link];
  if (const std::string_view* label = s.attribute(a, "aria-label"); label && !common::js_blank(*label))
    return std::string(common::js_trim(*label));
  // Shown pictures inside, in document order: an image's alt, a drawing's <title>.
  std::vector<uint32_t> stack;
  auto push_children = [&](uint32_t parent) {
    size_t mark = stack.size();
    for (uint32_t c = s[parent].first_child; c != kNone; c = s[c].next_sibling) stack.push_back(c);
    std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(mark), stack.end());
  };
  push_children(link);
  while (!stack.empty()) {
    uint32_t i = stack.back();
    stack.pop_back();
    const snapshot::Node& n = s[i];
    if (!n.is_element() || !n.has_layout()) continue;
    if (n.tag == "img") {
      const std::string_view* alt = s.attribute(n, "alt");
      if (alt && !common::js_blank(*alt)) return std::string(common::js_trim(*alt));
      continue;
    }
    if (n.tag == "svg" && n.has(snapshot::F_SVG)) {
      for (uint32_t t = n.first_child; t != kNone; t = s[t].next_sibling) {
        if (!s[t].is_element() || s[t].tag != "title") continue;
        std::string text;
        for (uint32_t x = s[t].first_child; x != kNone; x = s[x].next_sibling)
          if (s[x].is_text()) text.append(s[x].text.data(), s[x].text.size());
        if (!common::js_blank(text)) return std::string(common::js_trim(text));
      }
      continue;
    }
    push_children(i);
  }
  if (const std::string_view* title = s.attribute(a, "title"); title && !common::js_blank(*title))
    return std::string(common::js_trim(*title));
  return "";
}

}  // namespace dehydra::markdown
