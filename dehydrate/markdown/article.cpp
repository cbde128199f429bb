#include "article.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "content_hints.hpp"
#include "../common/ascii_text.hpp"
#include "../common/preorder.hpp"
#include "noise.hpp"

namespace dehydra::markdown {

using snapshot::kNone;
using snapshot::Node;

namespace {

struct Stats {
  uint32_t text = 0, link_text = 0, commas = 0;
  uint16_t paragraphs = 0, images = 0, items = 0, inputs = 0, headings = 0, block_children = 0, element_children = 0;
};

bool is_tag(const Node& n, std::string_view t) { return n.is_element() && n.tag == t; }

bool block_like(std::string_view t) {
  return t == "div" || t == "p" || t == "table" || t == "ul" || t == "ol" || t == "pre" || t == "blockquote" ||
         t == "section" || t == "article" || t == "dl" || t == "figure" || t == "h1" || t == "h2" || t == "h3" ||
         t == "h4" || t == "h5" || t == "h6" || t == "form" || t == "header" || t == "footer" || t == "aside" ||
         t == "main" || t == "nav" || t == "select" || t == "img";
}

bool removed_tag(std::string_view t) {
  return t == "input" || t == "select" || t == "textarea" || t == "button" || t == "iframe" || t == "object" ||
         t == "embed" || t == "form" || t == "fieldset" || t == "label";
}

// Collapsed length and commas of a text.
void measure_text(std::string_view t, uint32_t& len, uint32_t& commas) {
  bool space = true;
  for (size_t i = 0; i < t.size(); ++i) {
    char c = t[i];
    if (common::is_ascii_space(c)) {
      if (!space) ++len;
      space = true;
      continue;
    }
    space = false;
    unsigned char u = static_cast<unsigned char>(c);
    if ((u & 0xC0) != 0x80) ++len;  // count code points, not bytes
    if (c == ',') ++commas;
    else if (u == 0xEF && i + 2 < t.size() && static_cast<unsigned char>(t[i + 1]) == 0xBC &&
             static_cast<unsigned char>(t[i + 2]) == 0x8C) ++commas;  // full-width comma
  }
}

double tag_bonus(const Node& n) {
  std::string_view t = n.tag;
  if (t == "div" || t == "article" || t == "main") return 5;
  if (t == "pre" || t == "td" || t == "blockquote") return 3;
  if (t == "address" || t == "ol" || t == "ul" || t == "dl" || t == "dd" || t == "dt" || t == "li" || t == "form") return -3;
  if (t == "th" || (t.size() == 2 && t[0] == 'h' && t[1] >= '1' && t[1] <= '6')) return -5;
  return 0;
}

std::string collapse(std::string_view raw) { return common::collapse_ascii_space(raw); }

std::string subtree_text(const snapshot::Snapshot& s, uint32_t root) {
  std::string raw;
  for (uint32_t n = s[root].first_child; n != kNone; n = common::preorder_next(s, n, root))
    if (s[n].is_text()) { raw.append(s[n].text.data(), s[n].text.size()); raw += ' '; }
  return collapse(raw);
}

std::string title_of(const snapshot::Snapshot& s) {
  std::string title = collapse(s.page.title);
  for (const char* sep : {" | ", " – ", " — ", " - ", " :: ", " » ", " / "}) {
    size_t at = title.find(sep);
    if (at == std::string::npos) continue;
    std::string head = title.substr(0, at);
    // Keep the site-less part only when it still says something (3+ words).
    size_t words = 1;
    for (char c : head) if (c == ' ') ++words;
    if (words >= 3) return head;
  }
  return title;
}

// Readability's text similarity: the share of the heading's words (by length) that the title
// also has. Words are ASCII letters and digits, and any non-ASCII byte.
double title_similarity(std::string_view title, std::string_view heading) {
  auto words = [](std::string_view text) {
    std::vector<std::string> out;
    std::string w;
    for (char c : common::ascii_lower(text)) {
      bool word = static_cast<unsigned char>(c) >= 0x80 || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z');
      if (word) w += c;
      else if (!w.empty()) out.push_back(std::exchange(w, std::string()));
    }
    if (!w.empty()) out.push_back(std::move(w));
    return out;
  };
  std::vector<std::string> a = words(title), b = words(heading);
  if (b.empty()) return 0;
  // Lengths of the words joined by single spaces, as Readability measures them.
  size_t all = b.size() - 1, unique = 0, unique_count = 0;
  for (const std::string& w : b) {
    all += w.size();
    if (std::find(a.begin(), a.end(), w) == a.end()) { unique += w.size(); ++unique_count; }
  }
  if (unique_count) unique += unique_count - 1;
  return 1.0 - static_cast<double>(unique) / static_cast<double>(all);
}

// Declared main content: <main>, <article>, role=main, itemprop=articleBody.
bool declared_main(const snapshot::Snapshot& s, const Node& n) {
  if (!n.is_element()) return false;
  if (n.tag == "main" || n.tag == "article") return true;
  const std::string_view* role = s.attribute(n, "role");
  if (role && common::has_token(*role, "main")) return true;
  const std::string_view* prop = s.attribute(n, "itemprop");
  return prop && common::has_token(*prop, "articleBody");
}

// Readable text left in the article once clutter is excluded.
uint32_t article_length(const snapshot::Snapshot& s, const Article& a) {
  uint32_t len = 0, commas = 0;
  for (uint32_t root : a.roots)
    for (uint32_t i = root; i != kNone;) {
      bool skip = a.excluded[i] != 0;
      if (!skip && s[i].is_text()) measure_text(s[i].text, len, commas);
      i = common::preorder_next(s, i, root, skip);
    }
  return len;
}

// Each retry relaxes one rule, as a page whose markup fools a rule still has an article.
enum Relax : int { kStrict = 0, kKeepUnlikely = 1, kNoClassWeights = 2, kNoCleaning = 4 };

// A sibling of the chosen block joins the article when a candidate inside it scores this share of
// the best one (its own score, when it has one, is held to Readability's fifth).
constexpr double kInnerShare = 0.3;

Article attempt(const snapshot::Snapshot& s, const NoiseRules& noise, int relax);

}  // namespace

Article extract_article(const snapshot::Snapshot& s) {
  NoiseRules noise(s, true);
  Article best;
  uint32_t best_length = 0;
  bool first = true;
  for (int relax : {int(kStrict), int(kKeepUnlikely), kKeepUnlikely | kNoClassWeights, kKeepUnlikely | kNoClassWeights | kNoCleaning}) {
    Article a = attempt(s, noise, relax);
    uint32_t length = article_length(s, a);
    if (first || length > best_length) {
      best = std::move(a);
      best_length = length;
      first = false;
    }
    if (best_length >= 500) break;
  }
  best.title = title_of(s);
  return best;
}

namespace {

Article attempt(const snapshot::Snapshot& s, const NoiseRules& noise, int relax) {
  Article a;
  const size_t count = s.nodes.size();
  a.excluded.assign(count, 0);
  if (count == 0) return a;

  std::vector<uint8_t> holds_main(count, 0);
  for (uint32_t i = static_cast<uint32_t>(count); i-- > 0;) {
    if (declared_main(s, s[i])) holds_main[i] = 1;
    if (holds_main[i] && s[i].parent != kNone) holds_main[s[i].parent] = 1;
  }
  auto weight_of = [&](const Node& n) { return (relax & kNoClassWeights) ? 0 : class_weight(s, n); };
  const std::string title = title_of(s);

  // Top-down: what is never article content. A heading that repeats the title is given as the
  // title, not again in the body.
  for (uint32_t i = 0; i < count; ++i) {
    const Node& n = s[i];
    bool parent_removed = n.parent != kNone && a.excluded[n.parent];
    bool self = false;
    if (n.is_element()) {
      bool unrendered = !n.has_layout() && n.parent != kNone && s[n.parent].has_layout() && !is_tag(s[n.parent], "details");
      bool unlikely = !(relax & kKeepUnlikely) && i != 0 && !holds_main[i] && unlikely_content(s, n);
      self = noise.drops(i) || unrendered || removed_tag(n.tag) || unlikely;
      if (!self && (n.tag == "h1" || n.tag == "h2") && !title.empty() &&
          title_similarity(title, subtree_text(s, i)) > 0.75)
        self = true;
      if (const std::string_view* hidden = s.attribute(n, "aria-hidden"); hidden && *hidden == "true") self = true;
    }
    a.excluded[i] = parent_removed || self;
  }

  // Bottom-up statistics (pre-order: every child has a larger index than its parent).
  std::vector<Stats> st(count);
  for (uint32_t i = static_cast<uint32_t>(count); i-- > 0;) {
    const Node& n = s[i];
    if (a.excluded[i]) continue;
    if (n.is_text()) measure_text(n.text, st[i].text, st[i].commas);
    if (n.is_element()) {
      std::string_view t = n.tag;
      if (t == "a") st[i].link_text = st[i].text;
      if (t == "p") ++st[i].paragraphs;
      if (t == "img") ++st[i].images;
      if (t == "li") ++st[i].items;
      if (t == "input" || t == "select" || t == "textarea") ++st[i].inputs;
      if (t.size() == 2 && t[0] == 'h' && t[1] >= '1' && t[1] <= '6') ++st[i].headings;
    }
    if (n.parent == kNone) continue;
    Stats& p = st[n.parent];
    p.text += st[i].text;
    p.link_text += st[i].link_text;
    p.commas += st[i].commas;
    p.paragraphs += st[i].paragraphs;
    p.images += st[i].images;
    p.items += st[i].items;
    p.inputs += st[i].inputs;
    p.headings += st[i].headings;
    if (n.is_element()) {
      ++p.element_children;
      if (block_like(n.tag)) ++p.block_children;
    }
  }
  auto density = [&](uint32_t i) { return st[i].text ? double(st[i].link_text) / st[i].text : 0.0; };

  // Scores flow from text blocks to their ancestors, halving and thinning with distance.
  std::vector<double> score(count, 0);
  std::vector<uint8_t> scored(count, 0);
  for (uint32_t i = 0; i < count; ++i) {
    const Node& n = s[i];
    if (a.excluded[i] || !n.is_element()) continue;
    std::string_view t = n.tag;
    bool block = t == "p" || t == "pre" || t == "td" ||
                 ((t == "div" || t == "section" || t == "article" || t == "span" || t == "font") &&
                  st[i].block_children == 0 && st[i].text > 0 && (t != "span" || s.style(n) == nullptr || s.style(n)->display == "block"));
    if (!block || st[i].text < 25) continue;
    double content = 1 + st[i].commas + std::min(3.0, std::floor(st[i].text / 100.0));
    uint32_t anc = n.parent;
    for (int level = 0; anc != kNone && level < 5; ++level, anc = s[anc].parent) {
      if (!s[anc].is_element()) { --level; continue; }
      if (!scored[anc]) {
        scored[anc] = 1;
        score[anc] = tag_bonus(s[anc]) + weight_of(s[anc]);
      }
      score[anc] += level == 0 ? content : level == 1 ? content / 2 : content / (level * 3);
    }
  }
  uint32_t top = kNone;
  double top_score = -1e300;
  std::vector<double> final_score(count, 0);
  for (uint32_t i = 0; i < count; ++i) {
    if (!scored[i]) continue;
    final_score[i] = score[i] * (1 - density(i));
    if (final_score[i] > top_score) { top_score = final_score[i]; top = i; }
  }
  {
    std::vector<uint32_t> order;
    for (uint32_t i = 0; i < count; ++i) if (scored[i]) order.push_back(i);
    size_t keep = std::min<size_t>(order.size(), 8);
    std::partial_sort(order.begin(), order.begin() + keep, order.end(),
                      [&](uint32_t x, uint32_t y) { return final_score[x] > final_score[y]; });
    for (size_t k = 0; k < keep; ++k) a.candidates.push_back({order[k], final_score[order[k]]});
  }
  if (top == kNone) {
    a.roots.push_back(s.root());
    return a;
  }

  // Several strong candidates under one ancestor: the ancestor is the article.
  std::vector<uint32_t> rivals;
  for (uint32_t i = 0; i < count; ++i)
    if (scored[i] && i != top && final_score[i] >= 0.75 * top_score) rivals.push_back(i);
  if (rivals.size() >= 3) {
    for (uint32_t anc = s[top].parent; anc != kNone && anc != 0; anc = s[anc].parent) {
      int inside = 0;
      for (uint32_t r : rivals)
        for (uint32_t p = s[r].parent; p != kNone; p = s[p].parent)
          if (p == anc) { ++inside; break; }
      if (inside >= 3) { top = anc; break; }
    }
  }
  // An ancestor that scores higher than the path below it holds more of the article (a table's
  // cells score their tbody; the page around the table scores more): climb to it, as Readability
  // does, unless the scores on the way fall below a third of the best.
  {
    double last = final_score[top];
    const double floor = last / 3;
    for (uint32_t p = s[top].parent; p != kNone && p != 0; p = s[p].parent) {
      if (!scored[p]) continue;
      if (final_score[p] < floor) break;
      if (final_score[p] > last) { top = p; break; }
      last = final_score[p];
    }
  }
  // A lone child says nothing its parent does not: use the parent, whose siblings may matter.
  while (s[top].parent != kNone && s[top].parent != 0 && st[s[top].parent].element_children == 1 &&
         s[s[top].parent].is_element())
    top = s[top].parent;
  if (scored[top] && final_score[top] > top_score) top_score = final_score[top];

  // The best candidate inside each element (pre-order: children have larger indices). An article
  // split into sibling blocks can hold its other parts deeper than the scores reach.
  std::vector<double> best_inside(count, 0);
  for (uint32_t i = static_cast<uint32_t>(count); i-- > 0;) {
    if (scored[i]) best_inside[i] = std::max(best_inside[i], final_score[i]);
    if (s[i].parent != kNone) best_inside[s[i].parent] = std::max(best_inside[s[i].parent], best_inside[i]);
  }

  // Siblings that read like the same article.
  uint32_t parent = s[top].parent;
  if (parent == kNone) {
    a.roots.push_back(top);
  } else {
    double threshold = std::max(10.0, top_score * 0.2);
    const std::string_view* top_class = s.attribute(s[top], "class");
    for (uint32_t c = s[parent].first_child; c != kNone; c = s[c].next_sibling) {
      const Node& n = s[c];
      if (c == top) { a.roots.push_back(c); continue; }
      if (!n.is_element() || a.excluded[c]) continue;
      double bonus = 0;
      const std::string_view* cls = s.attribute(n, "class");
      if (top_class && cls && !top_class->empty() && *cls == *top_class) bonus = top_score * 0.2;
      bool include = scored[c] && final_score[c] + bonus >= threshold;
      if (!include && best_inside[c] >= std::max(10.0, top_score * kInnerShare) && density(c) < 0.25) include = true;
      if (!include && (n.tag == "p" || st[c].block_children == 0)) {
        double d = density(c);
        if (st[c].text > 80 && d < 0.25) include = true;
        else if (st[c].text > 0 && st[c].text <= 80 && d == 0 && subtree_text(s, c).find(". ") != std::string::npos)
          include = true;
      }
      if (include) a.roots.push_back(c);
    }
  }

  // Clutter inside the chosen containers.
  for (uint32_t root : a.roots) {
    for (uint32_t i = s[root].first_child; i != kNone;) {
      const Node& n = s[i];
      bool skip = a.excluded[i] != 0;
      if (!skip && n.is_element()) {
        std::string_view t = n.tag;
        bool conditional = t == "div" || t == "section" || t == "ul" || t == "ol" || t == "table" || t == "header" ||
                           t == "footer" || t == "aside" || t == "nav" || t == "dl";
        bool heading = n.tag.size() == 2 && n.tag[0] == 'h' && n.tag[1] >= '1' && n.tag[1] <= '3';
        int weight = weight_of(n);
        if (relax & kNoCleaning) {
          // keep everything
        } else if ((conditional || heading) && weight < 0) {
          skip = true;
        } else if (conditional && st[i].commas < 10) {
          const Stats& x = st[i];
          double d = density(i);
          bool list = t == "ul" || t == "ol";
          bool data_table = t == "table" && (s.has_attribute(n, "summary") || x.text > 0);
          if (x.text == 0 && x.images == 0) skip = true;
          else if (x.images > 1 && x.paragraphs * 2 < x.images && t != "figure") skip = true;
          else if (!list && t != "table" && x.items > x.paragraphs + 5 && d > 0.3) skip = true;
          else if (x.inputs > x.paragraphs / 3 + 1) skip = true;
          else if (!data_table && x.text < 25 && (x.images == 0 || x.images > 2) && x.headings == 0) skip = true;
          else if (weight < 25 && d > 0.35 && x.text < 1000) skip = true;
          else if (weight >= 25 && d > 0.5) skip = true;
        }
        if (skip) a.excluded[i] = 1;
      }
      i = common::preorder_next(s, i, root, skip);
    }
  }

  // The byline: author markup, short, shown once as metadata rather than in the body.
  for (uint32_t i = 0; i < count && a.byline.empty(); ++i) {
    const Node& n = s[i];
    if (!n.is_element() || !n.has_layout()) continue;
    const std::string_view* rel = s.attribute(n, "rel");
    const std::string_view* prop = s.attribute(n, "itemprop");
    std::string hints;
    if (const std::string_view* c = s.attribute(n, "class")) hints += common::ascii_lower(*c);
    if (const std::string_view* id = s.attribute(n, "id")) { hints += ' '; hints += common::ascii_lower(*id); }
    bool author = (rel && common::has_token(*rel, "author")) || (prop && prop->find("author") != std::string_view::npos) ||
                  hints.find("byline") != std::string::npos || hints.find("author") != std::string::npos;
    if (!author || st[i].text == 0 || st[i].text >= 100) continue;
    a.byline = subtree_text(s, i);
    if (!a.byline.empty()) {
      // Marked in the body too: shown once, as the byline.
      bool in_roots = false;
      for (uint32_t r : a.roots)
        for (uint32_t p = i; p != kNone; p = s[p].parent)
          if (p == r) { in_roots = true; break; }
      if (in_roots) a.excluded[i] = 1;
    }
  }
  return a;
}

}  // namespace
}  // namespace dehydra::markdown
