#include "url_resolution.hpp"

#include <vector>

#include "../base/ascii_text.hpp"

namespace dehydra::common {
namespace {

bool is_scheme_char(char c) { return is_ascii_alnum(c) || c == '+' || c == '-' || c == '.'; }

// Length of the scheme (without ':'), 0 when there is none.
size_t scheme_length(std::string_view u) {
  if (u.empty() || !is_ascii_alpha(u[0])) return 0;
  for (size_t i = 1; i < u.size(); ++i) {
    if (u[i] == ':') return i;
    if (!is_scheme_char(u[i])) return 0;
  }
  return 0;
}

struct Parts {
  std::string_view scheme, authority, path, query, fragment;
  bool has_authority = false, has_query = false, has_fragment = false;
};

Parts split(std::string_view u) {
  Parts p;
  size_t s = scheme_length(u);
  if (s) { p.scheme = u.substr(0, s); u.remove_prefix(s + 1); }
  size_t hash = u.find('#');
  if (hash != std::string_view::npos) { p.fragment = u.substr(hash + 1); p.has_fragment = true; u = u.substr(0, hash); }
  size_t q = u.find('?');
  if (q != std::string_view::npos) { p.query = u.substr(q + 1); p.has_query = true; u = u.substr(0, q); }
  if (u.size() >= 2 && (u[0] == '/' || u[0] == '\\') && (u[1] == '/' || u[1] == '\\')) {
    u.remove_prefix(2);
    size_t end = u.find_first_of("/\\");
    p.authority = u.substr(0, end);
    p.has_authority = true;
    u = end == std::string_view::npos ? std::string_view() : u.substr(end);
  }
  p.path = u;
  return p;
}

// Removes "." and ".." segments (RFC 3986 5.2.4) over a segment list: no recursion, linear.
std::string remove_dot_segments(std::string_view path) {
  std::vector<std::string_view> segments;
  bool absolute = !path.empty() && path[0] == '/';
  size_t i = absolute ? 1 : 0;
  bool trailing_slash = false;
  while (i <= path.size()) {
    size_t end = path.find('/', i);
    if (end == std::string_view::npos) end = path.size();
    std::string_view seg = path.substr(i, end - i);
    bool last = end == path.size();
    if (seg == "." || seg == "%2e" || seg == "%2E") {
      trailing_slash = last;
    } else if (seg == ".." || seg == "%2e%2e" || seg == "%2E%2E") {
      if (!segments.empty()) segments.pop_back();
      trailing_slash = last;
    } else {
      segments.push_back(seg);
      trailing_slash = false;
    }
    i = end + 1;
  }
  std::string out = absolute ? "/" : "";
  for (size_t k = 0; k < segments.size(); ++k) {
    if (k) out += '/';
    out.append(segments[k].data(), segments[k].size());
  }
  if (trailing_slash && (out.empty() || out.back() != '/')) out += '/';
  return out;
}

void append_tail(std::string& out, const Parts& r) {
  if (r.has_query) { out += '?'; out.append(r.query.data(), r.query.size()); }
  if (r.has_fragment) { out += '#'; out.append(r.fragment.data(), r.fragment.size()); }
}

}  // namespace

std::string strip_url_whitespace(std::string_view ref) {
  size_t b = 0, e = ref.size();
  while (b < e && static_cast<unsigned char>(ref[b]) <= 0x20) ++b;
  while (e > b && static_cast<unsigned char>(ref[e - 1]) <= 0x20) --e;
  std::string out;
  out.reserve(e - b);
  for (size_t i = b; i < e; ++i)
    if (!is_ascii_tab_or_newline(ref[i])) out += ref[i];
  return out;
}

std::string url_scheme(std::string_view url) {
  size_t n = scheme_length(url);
  return ascii_lower(url.substr(0, n));
}

std::string resolve_url(std::string_view base_in, std::string_view ref_in) {
  std::string ref = strip_url_whitespace(ref_in);
  if (scheme_length(ref)) return ref;
  std::string base = strip_url_whitespace(base_in);
  if (!scheme_length(base)) return ref;
  Parts b = split(base), r = split(ref);
  std::string out(b.scheme);
  out += ':';
  if (r.has_authority) {
    out += "//";
    out.append(r.authority.data(), r.authority.size());
    out += remove_dot_segments(r.path);
    append_tail(out, r);
    return out;
  }
  if (b.has_authority) { out += "//"; out.append(b.authority.data(), b.authority.size()); }
  if (r.path.empty()) {
    out.append(b.path.data(), b.path.size());
    if (r.has_query) append_tail(out, r);
    else {
      if (b.has_query) { out += '?'; out.append(b.query.data(), b.query.size()); }
      if (r.has_fragment) { out += '#'; out.append(r.fragment.data(), r.fragment.size()); }
    }
    return out;
  }
  if (r.path[0] == '/' || r.path[0] == '\\') {
    out += remove_dot_segments(r.path);
  } else {
    std::string merged;
    size_t slash = b.path.rfind('/');
    if (b.has_authority && b.path.empty()) merged = "/";
    else if (slash != std::string_view::npos) merged.assign(b.path.data(), slash + 1);
    merged.append(r.path.data(), r.path.size());
    out += remove_dot_segments(merged);
  }
  append_tail(out, r);
  return out;
}

}  // namespace dehydra::common
