#include "links.hpp"

#include <cstdlib>

#include "../base/ascii_text.hpp"
#include "../base/js_string.hpp"
#include "../common/preorder.hpp"
#include "../common/spoken_label.hpp"
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
  if (scheme == "http" || scheme == "https" || (scheme == "file" && common::url_scheme(base) == "file"))
    return resolved;
  return "";
}

std::string empty_link_label(const snapshot::Snapshot& s, const NoiseRules& noise, uint32_t link) {
  const snapshot::Node& a = s[link];
  if (noise.hides_own_text(link)) return "";  // an invisible link says nothing, whatever its attributes
  if (const std::string_view* label = s.attribute(a, "aria-label"); label && !common::js_blank(*label))
    return std::string(common::js_trim(*label));
  // The pictures shown inside, in document order; one that speaks covers its subtree.
  std::string said;
  for (uint32_t j = a.first_child; j != snapshot::kNone;) {
    bool shown = s[j].is_element() && s[j].has_layout() && !noise.hides_own_text(j);
    std::string_view part = shown ? common::spoken_label(s, j) : std::string_view{};
    if (!part.empty()) {
      if (!said.empty()) said.push_back(' ');
      said.append(part.data(), part.size());
    }
    j = common::preorder_next(s, j, link, !shown || !part.empty());
  }
  if (!said.empty()) return said;
  const std::string_view* title = s.attribute(a, "title");
  return title ? std::string(common::js_trim(*title)) : std::string();
}

}  // namespace dehydra::markdown
