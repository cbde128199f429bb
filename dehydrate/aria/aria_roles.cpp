#include "aria_roles.hpp"
#include "../base/ascii_text.hpp"

#include <cstdlib>
#include <initializer_list>

#include "../common/input_type.hpp"
#include "../common/labelledby.hpp"

namespace dehydra::aria {

using snapshot::kNone;
using snapshot::Node;

namespace {

// ARIA 1.2 and the ARIA 1.3 additions Chromium maps (comment, sectionfooter, sectionheader,
// suggestion; image is a synonym of img, below).
constexpr std::string_view kValidRoles[] = {
    "alert", "alertdialog", "application", "article", "banner", "blockquote", "button", "caption", "cell",
    "checkbox", "code", "columnheader", "combobox", "comment", "complementary", "contentinfo", "definition",
    "deletion", "dialog", "directory", "document", "emphasis", "feed", "figure", "form", "generic", "grid",
    "gridcell", "group", "heading", "img", "insertion", "link", "list", "listbox", "listitem", "log", "main",
    "mark", "marquee", "math", "meter", "menu", "menubar", "menuitem", "menuitemcheckbox", "menuitemradio",
    "navigation", "none", "note", "option", "paragraph", "presentation", "progressbar", "radio", "radiogroup",
    "region", "row", "rowgroup", "rowheader", "scrollbar", "search", "searchbox", "sectionfooter",
    "sectionheader", "separator", "slider", "spinbutton", "status", "strong", "subscript", "suggestion",
    "superscript", "switch", "tab", "table", "tablist", "tabpanel", "term", "textbox", "time", "timer",
    "toolbar", "tooltip", "tree", "treegrid", "treeitem"};

// Attribute presence that makes a presentational element keep its role (ARIA global attributes).
constexpr std::string_view kGlobalAria[] = {
    "aria-atomic", "aria-busy", "aria-controls", "aria-current", "aria-describedby", "aria-details",
    "aria-dropeffect", "aria-flowto", "aria-grabbed", "aria-hidden", "aria-keyshortcuts", "aria-label",
    "aria-labelledby", "aria-live", "aria-owns", "aria-relevant", "aria-roledescription"};

bool naming_prohibited_for(std::string_view attr, std::string_view role) {
  if (attr == "aria-roledescription") return role == "generic";
  if (attr != "aria-label" && attr != "aria-labelledby") return false;
  // Chromium keeps aria-label on the text-level roles and paragraphs (accessible_name.cpp).
  return role_in(role, {"caption", "generic", "presentation"});
}

std::string_view canonical_role(std::string_view token) {
  if (common::equals_ignore_case(token, "image")) return "img";
  for (std::string_view r : kValidRoles)
    if (common::equals_ignore_case(token, r)) return r;
  return {};
}

// Chromium makes a region or form a landmark only when an author attribute names it: aria-label,
// aria-labelledby or title (HTML-AAM's "accessible name" for section and role=region/form).
bool named_by_author(const snapshot::Snapshot& s, const Node& n) {
  const std::string_view* label = s.attribute(n, "aria-label");
  const std::string_view* title = s.attribute(n, "title");
  return (label && !common::trim_ascii(*label).empty()) || common::labelledby_attribute(s, n) ||
         (title && !common::trim_ascii(*title).empty());
}

bool is_heading_tag(std::string_view t) {
  return t.size() == 2 && t[0] == 'h' && t[1] >= '1' && t[1] <= '6';
}

}  // namespace

bool role_in(std::string_view role, std::initializer_list<std::string_view> roles) {
  for (std::string_view r : roles)
    if (r == role) return true;
  return false;
}

Roles::Roles(const snapshot::Snapshot& s, const common::TreeScopes& scopes)
    : s_(s), scopes_(scopes), cache_(s.nodes.size()), cached_(s.nodes.size(), 0) {}

std::string_view Roles::role(uint32_t node) {
  if (cached_[node]) return cache_[node];
  // A role can depend on the ancestors' roles (required context): those are computed first, from
  // the top down, so no computation recurses along a deep chain.
  std::vector<uint32_t> chain;
  for (uint32_t a = scopes_.parent_element(node); a != kNone && !cached_[a]; a = scopes_.parent_element(a))
    chain.push_back(a);
  // Marked before computing: a reference cycle (aria-owns) reads "no role" instead of looping.
  chain.insert(chain.begin(), node);
  for (size_t k = chain.size(); k-- > 0;) {
    cached_[chain[k]] = 1;
    cache_[chain[k]] = compute(chain[k]);
  }
  return cache_[node];
}

uint32_t Roles::owner_of(uint32_t node) {
  if (owners_.empty()) {
    owners_.assign(s_.nodes.size(), kNone);
    for (uint32_t i = 0; i < s_.nodes.size(); ++i) {
      if (!s_.nodes[i].is_element()) continue;
      if (const std::string_view* owns = s_.attribute(s_.nodes[i], "aria-owns"))
        for (uint32_t o : scopes_.id_refs(i, *owns))
          if (owners_[o] == kNone && o != i) owners_[o] = i;
    }
  }
  return owners_[node];
}

// Chromium keeps option, treeitem and listitem only in their required context: the nearest
// ancestor (the aria-owns owner first) with a role beyond generic is a listbox, tree or list (or
// a group); a treeitem may sit in another treeitem. Other roles are kept anywhere, as Chromium does.
bool Roles::context_allows(uint32_t node, std::string_view r) {
  const bool option = r == "option", treeitem = r == "treeitem", listitem = r == "listitem";
  if (!option && !treeitem && !listitem) return true;
  uint32_t a = owner_of(node);
  if (a == kNone) a = scopes_.parent_element(node);
  for (; a != kNone; a = scopes_.parent_element(a)) {
    std::string_view ar = role(a);
    if (ar.empty() || ar == "generic" || ar == "none" || ar == "presentation") continue;
    if (treeitem && ar == "treeitem") continue;
    if (ar == "group") return true;
    return (option && ar == "listbox") || (treeitem && ar == "tree") ||
        (listitem && (ar == "list" || ar == "directory"));
  }
  return false;
}

std::string_view Roles::explicit_role(uint32_t node) const {
  const std::string_view* attr = s_.attribute(s_.nodes[node], "role");
  if (!attr) return {};
  // Split on single spaces like Playwright ('a  b' has an empty token, which is skipped).
  size_t i = 0;
  while (i <= attr->size()) {
    size_t j = attr->find(' ', i);
    if (j == std::string_view::npos) j = attr->size();
    std::string_view token = attr->substr(i, j - i);
    std::string_view r = canonical_role(common::trim_ascii(token));
    if (!r.empty()) return r;
    i = j + 1;
  }
  return {};
}

bool Roles::has_tab_index(const Node& n) const {
  const std::string_view* t = s_.attribute(n, "tabindex");
  if (!t) return false;
  // Number(value) is not NaN: blank, or a decimal/hex/exponent number with optional whitespace.
  std::string_view v = common::trim_ascii(*t);
  if (v.empty()) return true;
  std::string str(v);
  char* end = nullptr;
  std::strtod(str.c_str(), &end);
  return end == str.c_str() + str.size() && str.find_first_of("nN") == std::string::npos;
}

bool Roles::is_focusable(uint32_t node) const {
  const Node& n = s_.nodes[node];
  std::string_view t = n.tag;
  bool native_control = t == "button" || t == "input" || t == "select" || t == "textarea" || t == "option" ||
      t == "optgroup";
  if (native_control && n.has(snapshot::F_DISABLED)) return false;
  if (t == "button" || t == "details" || t == "select" || t == "textarea") return true;
  if (t == "a" || t == "area") return s_.has_attribute(n, "href") || has_tab_index(n);
  if (t == "input") return !s_.has_attribute(n, "hidden") || has_tab_index(n);
  return has_tab_index(n);
}

bool Roles::has_global_aria_attribute(const Node& n, std::string_view for_role) const {
  for (std::string_view a : kGlobalAria)
    if (!naming_prohibited_for(a, for_role) && s_.has_attribute(n, a)) return true;
  return false;
}

bool Roles::inside_landmark_preventer(uint32_t node) const {
  for (uint32_t p = scopes_.parent_element(node); p != kNone; p = scopes_.parent_element(p)) {
    const Node& n = s_.nodes[p];
    std::string_view t = n.tag;
    bool has_role = s_.has_attribute(n, "role");
    if (!has_role && (t == "article" || t == "aside" || t == "main" || t == "nav" || t == "section")) return true;
    if (has_role) {
      std::string_view r = *s_.attribute(n, "role");
      if (r == "article" || r == "complementary" || r == "main" || r == "navigation" || r == "region") return true;
    }
  }
  return false;
}

std::string_view Roles::th_role(uint32_t node) const {
  const Node& n = s_.nodes[node];
  if (const std::string_view* scope = s_.attribute(n, "scope")) {
    if (*scope == "col" || *scope == "colgroup") return "columnheader";
    if (*scope == "row" || *scope == "rowgroup") return "rowheader";
  }
  uint32_t parent = n.parent;
  uint32_t prev = kNone, next = kNone;
  if (parent != kNone) {
    for (uint32_t c = s_.nodes[parent].first_child; c != kNone; c = s_.nodes[c].next_sibling) {
      if (c == node) {
        for (uint32_t d = s_.nodes[c].next_sibling; d != kNone; d = s_.nodes[d].next_sibling)
          if (s_.nodes[d].is_element()) { next = d; break; }
        break;
      }
      if (s_.nodes[c].is_element()) prev = c;
    }
  }
  bool in_row = parent != kNone && s_.nodes[parent].is_element() && s_.nodes[parent].tag == "tr";
  if (prev == kNone && next == kNone) {
    if (in_row) {
      uint32_t table = kNone;
      for (uint32_t p = s_.nodes[parent].parent; p != kNone; p = s_.nodes[p].parent)
        if (s_.nodes[p].is_element() && s_.nodes[p].tag == "table") { table = p; break; }
      if (table != kNone) {
        // table.rows: rows of the table itself, not of nested tables.
        int rows = 0;
        std::vector<uint32_t> stack{table};
        while (!stack.empty() && rows <= 1) {
          uint32_t x = stack.back();
          stack.pop_back();
          for (uint32_t c = s_.nodes[x].first_child; c != kNone; c = s_.nodes[c].next_sibling) {
            const Node& cn = s_.nodes[c];
            if (!cn.is_element()) continue;
            if (cn.tag == "tr") ++rows;
            else if (cn.tag == "thead" || cn.tag == "tbody" || cn.tag == "tfoot") stack.push_back(c);
          }
        }
        if (rows <= 1) return {};
      }
    }
    return "columnheader";
  }
  auto is_th = [&](uint32_t e) { return e != kNone && s_.nodes[e].tag == "th"; };
  auto non_empty_td = [&](uint32_t e) {
    if (e == kNone || s_.nodes[e].tag != "td") return false;
    std::vector<uint32_t> stack{e};
    while (!stack.empty()) {
      uint32_t x = stack.back();
      stack.pop_back();
      for (uint32_t c = s_.nodes[x].first_child; c != kNone; c = s_.nodes[c].next_sibling) {
        const Node& cn = s_.nodes[c];
        if (x == e && cn.is_element()) return true;
        if (cn.is_text()) {
          for (char ch : cn.text)
            if (!common::is_ascii_space(ch)) return true;
        } else {
          stack.push_back(c);
        }
      }
    }
    return false;
  };
  if (is_th(next) && is_th(prev)) return "columnheader";
  if (non_empty_td(next) || non_empty_td(prev)) return "rowheader";
  return "columnheader";
}

// An <img> with an empty alt (and nothing else that names or focuses it) is presentation.
std::string_view Roles::img_role(uint32_t node) const {
  const Node& n = s_.nodes[node];
  const std::string_view* alt = s_.attribute(n, "alt");
  const std::string_view* title = s_.attribute(n, "title");
  if (alt && alt->empty() && (!title || title->empty()) && !has_global_aria_attribute(n, "") && !has_tab_index(n))
    return "presentation";
  return "img";
}

std::string_view Roles::input_role(uint32_t node) const {
  const Node& n = s_.nodes[node];
  std::string_view type = common::input_type(s_, n);
  if (type == "email" || type == "search" || type == "tel" || type == "text" || type == "url") {
    if (const std::string_view* list = s_.attribute(n, "list")) {
      std::vector<uint32_t> refs = scopes_.id_refs(node, *list);
      if (!refs.empty() && s_.nodes[refs[0]].tag == "datalist") return "combobox";
    }
    return type == "search" ? "searchbox" : "textbox";
  }
  if (type == "hidden") return {};
  if (type == "file" || type == "button" || type == "image" || type == "reset" || type == "submit") return "button";
  if (type == "checkbox") return "checkbox";
  if (type == "number") return "spinbutton";
  if (type == "radio") return "radio";
  if (type == "range") return "slider";
  return "textbox";
}

// A <select> that shows several options (multiple, or size > 1) is a list box.
std::string_view Roles::select_role(uint32_t node) const {
  const Node& n = s_.nodes[node];
  if (s_.has_attribute(n, "multiple")) return "listbox";
  if (const std::string_view* size = s_.attribute(n, "size")) {
    int v = std::atoi(std::string(*size).c_str());
    if (v > 1) return "listbox";
  }
  return "combobox";
}

// A <td> is a grid cell in a table whose role is grid or treegrid.
std::string_view Roles::td_role(uint32_t node) const {
  for (uint32_t p = scopes_.parent_element(node); p != kNone; p = scopes_.parent_element(p)) {
    if (s_.nodes[p].tag == "table") {
      std::string_view r = explicit_role(p);
      return (r == "grid" || r == "treegrid") ? "gridcell" : "cell";
    }
  }
  return "cell";
}

std::string_view Roles::tag_role(uint32_t node) const {
  const Node& n = s_.nodes[node];
  if (!n.is_element()) return {};
  std::string_view t = n.tag;
  if (n.has(snapshot::F_SVG)) return t == "svg" ? "img" : std::string_view{};
  switch (t.empty() ? 0 : t[0]) {
    case 'a':
      if (t == "a" || t == "area") return s_.has_attribute(n, "href") ? "link" : std::string_view{};
      if (t == "article") return "article";
      if (t == "aside") return "complementary";
      break;
    case 'b':
      if (t == "blockquote") return "blockquote";
      if (t == "button") return "button";
      break;
    case 'c':
      if (t == "caption") return "caption";
      if (t == "code") return "code";
      break;
    case 'd':
      if (t == "datalist") return "listbox";
      if (t == "dd") return "definition";
      if (t == "del") return "deletion";
      if (t == "details") return "group";
      if (t == "dfn" || t == "dt") return "term";
      if (t == "dialog") return "dialog";
      if (t == "dir") return "list";
      break;
    case 'e':
      if (t == "em") return "emphasis";
      break;
    case 'f':
      if (t == "fieldset") return "group";
      if (t == "figure") return "figure";
      if (t == "footer") return inside_landmark_preventer(node) ? std::string_view{} : "contentinfo";
      if (t == "form") return "form";  // named or not (HTML-AAM, Chromium)
      break;
    case 'h':
      if (is_heading_tag(t)) return "heading";
      if (t == "header") return inside_landmark_preventer(node) ? std::string_view{} : "banner";
      if (t == "hr") return "separator";
      if (t == "html") return "document";
      break;
    case 'i':
      if (t == "img") return img_role(node);
      if (t == "input") return input_role(node);
      if (t == "ins") return "insertion";
      break;
    case 'l':
      if (t == "li") return "listitem";
      break;
    case 'm':
      if (t == "main") return "main";
      if (t == "mark") return "mark";
      if (t == "math") return "math";
      if (t == "menu") return "list";
      if (t == "meter") return "meter";
      break;
    case 'n':
      if (t == "nav") return "navigation";
      break;
    case 'o':
      if (t == "ol") return "list";
      if (t == "optgroup") return "group";
      if (t == "option") return "option";
      if (t == "output") return "status";
      break;
    case 'p':
      if (t == "p") return "paragraph";
      if (t == "progress") return "progressbar";
      break;
    case 's':
      if (t == "s") return "deletion";
      if (t == "search") return "search";
      if (t == "section") return named_by_author(s_, n) ? "region" : std::string_view{};
      if (t == "select") return select_role(node);
      if (t == "strong") return "strong";
      if (t == "sub") return "subscript";
      if (t == "sup") return "superscript";
      break;
    case 't':
      if (t == "table") return "table";
      if (t == "tbody" || t == "tfoot" || t == "thead") return "rowgroup";
      if (t == "td") return td_role(node);
      if (t == "textarea") return "textbox";
      if (t == "th") return th_role(node);
      if (t == "time") return "time";
      if (t == "tr") return "row";
      break;
    case 'u':
      if (t == "ul") return "list";
      break;
    default:
      break;
  }
  return {};
}

std::string_view Roles::implicit_role(uint32_t node) const {
  std::string_view r = tag_role(node);
  if (r.empty()) return r;
  // Presentational parents pass "none" down to their required children (li in ul, td in tr, ...).
  uint32_t ancestor = node;
  while (true) {
    uint32_t parent = scopes_.parent_element(ancestor);
    if (parent == kNone) break;
    std::string_view at = s_.nodes[ancestor].tag, pt = s_.nodes[parent].tag;
    bool allowed = false;
    if (at == "dd" || at == "dt") allowed = pt == "dl" || pt == "div";
    else if (at == "div") allowed = pt == "dl";
    else if (at == "li") allowed = pt == "ol" || pt == "ul" || pt == "dir";
    else if (at == "tbody" || at == "tfoot" || at == "thead") allowed = pt == "table";
    else if (at == "td" || at == "th") allowed = pt == "tr";
    else if (at == "tr") allowed = pt == "thead" || pt == "tbody" || pt == "tfoot" || pt == "table";
    if (!allowed) break;
    std::string_view pr = explicit_role(parent);
    if ((pr == "none" || pr == "presentation") &&
        !(has_global_aria_attribute(s_.nodes[parent], pr) || is_focusable(parent)))
      return pr;
    ancestor = parent;
  }
  return r;
}

// The first token of `role` that is a known role and, for the roles that need one, in its required
// context; else the implicit role.
std::string_view Roles::explicit_role_in_context(uint32_t node) {
  const std::string_view* attr = s_.attribute(s_.nodes[node], "role");
  if (!attr) return {};
  size_t i = 0;
  while (i <= attr->size()) {
    size_t j = attr->find(' ', i);
    if (j == std::string_view::npos) j = attr->size();
    std::string_view r = canonical_role(common::trim_ascii(attr->substr(i, j - i)));
    if (!r.empty() && context_allows(node, r)) return r;
    i = j + 1;
  }
  return {};
}

std::string_view Roles::compute(uint32_t node) {
  std::string_view ex = explicit_role(node);
  if (ex.empty()) return implicit_role(node);
  if (!context_allows(node, ex)) ex = explicit_role_in_context(node);
  if (ex.empty()) return implicit_role(node);
  if ((ex == "region" || ex == "form") && !named_by_author(s_, s_.nodes[node])) return implicit_role(node);
  if (ex == "none" || ex == "presentation") {
    std::string_view implicit = implicit_role(node);
    if (has_global_aria_attribute(s_.nodes[node], implicit) || is_focusable(node)) return implicit;
  }
  return ex;
}

}  // namespace dehydra::aria
