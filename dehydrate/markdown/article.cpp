#include "article.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "content_hints.hpp"
#include "../base/ascii_text.hpp"
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
  if (t == "address" || t == "ol" || t == "ul" || t == "dl" || t == "dd" || t == "dt" || t == "li" || t == "form")
    return -3;
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
  for (int relax : {int(kStrict), int(kKeepUnlikely), kKeepUnlikely | kNoClassWeights,
      kKeepUnlikely | kNoClassWeights | kNoCleaning}) {
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

// One attempt at the article under one set of relaxed rules, stage by stage: what is never content,
// the text statistics, the scores, the chosen block, its siblings, the clutter inside, the byline.
class Attempt {
 public:
  Attempt(const snapshot::Snapshot& s, const NoiseRules& noise, int relax)
      : s_(s), noise_(noise), relax_(relax), count_(s.nodes.size()), title_(title_of(s)) {}

  Article run() {
    a_.excluded.assign(count_, 0);
    if (count_ == 0) return std::move(a_);
    exclude_non_content();
    gather_stats();
    uint32_t top = score_candidates();
    if (top == kNone) {
      a_.roots.push_back(s_.root());
      return std::move(a_);
    }
    top = widen(top);
    join_siblings(top);
    exclude_clutter();
    find_byline();
    return std::move(a_);
  }

 private:
  int weight_of(const Node& n) const { return (relax_ & kNoClassWeights) ? 0 : class_weight(s_, n); }
  double density(uint32_t i) const { return st_[i].text ? double(st_[i].link_text) / st_[i].text : 0.0; }

  // Top-down: what is never article content. A heading that repeats the title is given as the
  // title, not again in the body.
  void exclude_non_content() {
    std::vector<uint8_t> holds_main(count_, 0);
    for (uint32_t i = static_cast<uint32_t>(count_); i-- > 0;) {
      if (declared_main(s_, s_[i])) holds_main[i] = 1;
      if (holds_main[i] && s_[i].parent != kNone) holds_main[s_[i].parent] = 1;
    }
    for (uint32_t i = 0; i < count_; ++i) {
      const Node& n = s_[i];
      bool parent_removed = n.parent != kNone && a_.excluded[n.parent];
      bool self = false;
      if (n.is_element()) {
        bool unrendered = !n.has_layout() && n.parent != kNone && s_[n.parent].has_layout() &&
            !is_tag(s_[n.parent], "details");
        bool unlikely = !(relax_ & kKeepUnlikely) && i != 0 && !holds_main[i] && unlikely_content(s_, n);
        self = noise_.drops(i) || unrendered || removed_tag(n.tag) || unlikely;
        if (!self && (n.tag == "h1" || n.tag == "h2") && !title_.empty() &&
            title_similarity(title_, subtree_text(s_, i)) > 0.75)
          self = true;
        if (const std::string_view* hidden = s_.attribute(n, "aria-hidden"); hidden && *hidden == "true") self = true;
      }
      a_.excluded[i] = parent_removed || self;
    }
  }

  // Bottom-up statistics (pre-order: every child has a larger index than its parent).
  void gather_stats() {
    st_.assign(count_, Stats{});
    for (uint32_t i = static_cast<uint32_t>(count_); i-- > 0;) {
      const Node& n = s_[i];
      if (a_.excluded[i]) continue;
      if (n.is_text()) measure_text(n.text, st_[i].text, st_[i].commas);
      if (n.is_element()) {
        std::string_view t = n.tag;
        if (t == "a") st_[i].link_text = st_[i].text;
        if (t == "p") ++st_[i].paragraphs;
        if (t == "img") ++st_[i].images;
        if (t == "li") ++st_[i].items;
        if (t == "input" || t == "select" || t == "textarea") ++st_[i].inputs;
        if (t.size() == 2 && t[0] == 'h' && t[1] >= '1' && t[1] <= '6') ++st_[i].headings;
      }
      if (n.parent == kNone) continue;
      Stats& p = st_[n.parent];
      p.text += st_[i].text;
      p.link_text += st_[i].link_text;
      p.commas += st_[i].commas;
      p.paragraphs += st_[i].paragraphs;
      p.images += st_[i].images;
      p.items += st_[i].items;
      p.inputs += st_[i].inputs;
      p.headings += st_[i].headings;
      if (n.is_element()) {
        ++p.element_children;
        if (block_like(n.tag)) ++p.block_children;
      }
    }
  }

  // Scores flow from text blocks to their ancestors, halving and thinning with distance. Returns the
  // best scored element (kNone when nothing scored) and keeps the eight best as candidates.
  uint32_t score_candidates() {
    std::vector<double> score(count_, 0);
    scored_.assign(count_, 0);
    for (uint32_t i = 0; i < count_; ++i) {
      const Node& n = s_[i];
      if (a_.excluded[i] || !n.is_element()) continue;
      std::string_view t = n.tag;
      bool block = t == "p" || t == "pre" || t == "td" ||
                   ((t == "div" || t == "section" || t == "article" || t == "span" || t == "font") &&
                    st_[i].block_children == 0 && st_[i].text > 0 &&
                    (t != "span" || s_.style(n) == nullptr || s_.style(n)->display == "block"));
      if (!block || st_[i].text < 25) continue;
      double content = 1 + st_[i].commas + std::min(3.0, std::floor(st_[i].text / 100.0));
      uint32_t anc = n.parent;
      for (int level = 0; anc != kNone && level < 5; ++level, anc = s_[anc].parent) {
        if (!s_[anc].is_element()) { --level; continue; }
        if (!scored_[anc]) {
          scored_[anc] = 1;
          score[anc] = tag_bonus(s_[anc]) + weight_of(s_[anc]);
        }
        score[anc] += level == 0 ? content : level == 1 ? content / 2 : content / (level * 3);
      }
    }
    uint32_t top = kNone;
    top_score_ = -1e300;
    final_score_.assign(count_, 0);
    for (uint32_t i = 0; i < count_; ++i) {
      if (!scored_[i]) continue;
      final_score_[i] = score[i] * (1 - density(i));
      if (final_score_[i] > top_score_) { top_score_ = final_score_[i]; top = i; }
    }
    std::vector<uint32_t> order;
    for (uint32_t i = 0; i < count_; ++i) if (scored_[i]) order.push_back(i);
    size_t keep = std::min<size_t>(order.size(), 8);
    std::partial_sort(order.begin(), order.begin() + keep, order.end(),
                      [&](uint32_t x, uint32_t y) { return final_score_[x] > final_score_[y]; });
    for (size_t k = 0; k < keep; ++k) a_.candidates.push_back({order[k], final_score_[order[k]]});
    return top;
  }

  // From the best candidate to the block that holds the whole article.
  uint32_t widen(uint32_t top) {
    // Several strong candidates under one ancestor: the ancestor is the article.
    std::vector<uint32_t> rivals;
    for (uint32_t i = 0; i < count_; ++i)
      if (scored_[i] && i != top && final_score_[i] >= 0.75 * top_score_) rivals.push_back(i);
    if (rivals.size() >= 3) {
      for (uint32_t anc = s_[top].parent; anc != kNone && anc != 0; anc = s_[anc].parent) {
        int inside = 0;
        for (uint32_t r : rivals)
          for (uint32_t p = s_[r].parent; p != kNone; p = s_[p].parent)
            if (p == anc) { ++inside; break; }
        if (inside >= 3) { top = anc; break; }
      }
    }
    // An ancestor that scores higher than the path below it holds more of the article (a table's
    // cells score their tbody; the page around the table scores more): climb to it, as Readability
    // does, unless the scores on the way fall below a third of the best.
    double last = final_score_[top];
    const double floor = last / 3;
    for (uint32_t p = s_[top].parent; p != kNone && p != 0; p = s_[p].parent) {
      if (!scored_[p]) continue;
      if (final_score_[p] < floor) break;
      if (final_score_[p] > last) { top = p; break; }
      last = final_score_[p];
    }
    // A lone child says nothing its parent does not: use the parent, whose siblings may matter.
    while (s_[top].parent != kNone && s_[top].parent != 0 && st_[s_[top].parent].element_children == 1 &&
           s_[s_[top].parent].is_element())
      top = s_[top].parent;
    if (scored_[top] && final_score_[top] > top_score_) top_score_ = final_score_[top];
    return top;
  }

  // The chosen block and its siblings that read like the same article.
  void join_siblings(uint32_t top) {
    // The best candidate inside each element (pre-order: children have larger indices). An article
    // split into sibling blocks can hold its other parts deeper than the scores reach.
    std::vector<double> best_inside(count_, 0);
    for (uint32_t i = static_cast<uint32_t>(count_); i-- > 0;) {
      if (scored_[i]) best_inside[i] = std::max(best_inside[i], final_score_[i]);
      if (s_[i].parent != kNone) best_inside[s_[i].parent] = std::max(best_inside[s_[i].parent], best_inside[i]);
    }
    uint32_t parent = s_[top].parent;
    if (parent == kNone) {
      a_.roots.push_back(top);
      return;
    }
    double threshold = std::max(10.0, top_score_ * 0.2);
    const std::string_view* top_class = s_.attribute(s_[top], "class");
    for (uint32_t c = s_[parent].first_child; c != kNone; c = s_[c].next_sibling) {
      const Node& n = s_[c];
      if (c == top) { a_.roots.push_back(c); continue; }
      if (!n.is_element() || a_.excluded[c]) continue;
      double bonus = 0;
      const std::string_view* cls = s_.attribute(n, "class");
      if (top_class && cls && !top_class->empty() && *cls == *top_class) bonus = top_score_ * 0.2;
      bool include = scored_[c] && final_score_[c] + bonus >= threshold;
      if (!include && best_inside[c] >= std::max(10.0, top_score_ * kInnerShare) && density(c) < 0.25) include = true;
      if (!include && (n.tag == "p" || st_[c].block_children == 0)) {
        double d = density(c);
        if (st_[c].text > 80 && d < 0.25) include = true;
        else if (st_[c].text > 0 && st_[c].text <= 80 && d == 0 && subtree_text(s_, c).find(". ") != std::string::npos)
          include = true;
      }
      if (include) a_.roots.push_back(c);
    }
  }

  // Whether an element inside the chosen containers is clutter.
  bool clutter(uint32_t i) const {
    const Node& n = s_[i];
    std::string_view t = n.tag;
    bool conditional = t == "div" || t == "section" || t == "ul" || t == "ol" || t == "table" || t == "header" ||
                       t == "footer" || t == "aside" || t == "nav" || t == "dl";
    bool heading = n.tag.size() == 2 && n.tag[0] == 'h' && n.tag[1] >= '1' && n.tag[1] <= '3';
    int weight = weight_of(n);
    if (relax_ & kNoCleaning) return false;
    if ((conditional || heading) && weight < 0) return true;
    if (!conditional || st_[i].commas >= 10) return false;
    const Stats& x = st_[i];
    double d = density(i);
    bool list = t == "ul" || t == "ol";
    bool data_table = t == "table" && (s_.has_attribute(n, "summary") || x.text > 0);
    if (x.text == 0 && x.images == 0) return true;
    if (x.images > 1 && x.paragraphs * 2 < x.images && t != "figure") return true;
    if (!list && t != "table" && x.items > x.paragraphs + 5 && d > 0.3) return true;
    if (x.inputs > x.paragraphs / 3 + 1) return true;
    if (!data_table && x.text < 25 && (x.images == 0 || x.images > 2) && x.headings == 0) return true;
    if (weight < 25 && d > 0.35 && x.text < 1000) return true;
    return weight >= 25 && d > 0.5;
  }

  void exclude_clutter() {
    for (uint32_t root : a_.roots) {
      for (uint32_t i = s_[root].first_child; i != kNone;) {
        bool skip = a_.excluded[i] != 0;
        if (!skip && s_[i].is_element() && clutter(i)) skip = true;
        if (skip) a_.excluded[i] = 1;
        i = common::preorder_next(s_, i, root, skip);
      }
    }
  }

  // The byline: author markup, short, shown once as metadata rather than in the body.
  void find_byline() {
    for (uint32_t i = 0; i < count_ && a_.byline.empty(); ++i) {
      const Node& n = s_[i];
      if (!n.is_element() || !n.has_layout()) continue;
      const std::string_view* rel = s_.attribute(n, "rel");
      const std::string_view* prop = s_.attribute(n, "itemprop");
      std::string hints;
      if (const std::string_view* c = s_.attribute(n, "class")) hints += common::ascii_lower(*c);
      if (const std::string_view* id = s_.attribute(n, "id")) { hints += ' '; hints += common::ascii_lower(*id); }
      bool author = (rel && common::has_token(*rel, "author")) ||
                    (prop && prop->find("author") != std::string_view::npos) ||
                    hints.find("byline") != std::string::npos || hints.find("author") != std::string::npos;
      if (!author || st_[i].text == 0 || st_[i].text >= 100) continue;
      a_.byline = subtree_text(s_, i);
      if (a_.byline.empty()) continue;
      // Marked in the body too: shown once, as the byline.
      bool in_roots = false;
      for (uint32_t r : a_.roots)
        for (uint32_t p = i; p != kNone; p = s_[p].parent)
          if (p == r) { in_roots = true; break; }
      if (in_roots) a_.excluded[i] = 1;
    }
  }

  const snapshot::Snapshot& s_;
  const NoiseRules& noise_;
  const int relax_;
  const size_t count_;
  const std::string title_;
  Article a_;
  std::vector<Stats> st_;
  std::vector<uint8_t> scored_;
  std::vector<double> final_score_;
  double top_score_ = 0;
};

Article attempt(const snapshot::Snapshot& s, const NoiseRules& noise, int relax) {
  return Attempt(s, noise, relax).run();
}

}  // namespace
}  // namespace dehydra::markdown
