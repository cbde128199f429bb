#include "link_rule.hpp"

#include "limits.hpp"
#include "../dehydrate/base/ascii_text.hpp"
#include "../dehydrate/base/js_string.hpp"

namespace dehydra::webtree {
namespace {
using common::ascii_lower;
using common::failure;
using common::Outcome;
using common::passed;
using common::starts_with_ignore_case;

// No whitespace (JS \s), controls, DEL or backslash anywhere.
bool has_forbidden_url_chars(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    uint32_t c = common::next_code_point(s, i);
    if (c < 0x20 || c == 0x7F || c == '\\' || common::is_js_space(c) || c == 0xFFFD) return true;
  }
  return false;
}

// The authority of an http(s) URL after "scheme://": up to the first / ? #.
std::string_view authority_of(std::string_view rest) {
  size_t end = rest.find_first_of("/?#");
  return rest.substr(0, end == std::string_view::npos ? rest.size() : end);
}

// "https://host[:port]" with the default port dropped, or "" when the authority is unusable.
std::string https_origin(std::string_view authority) {
  if (authority.empty() || authority.find('@') != std::string_view::npos) return "";
  std::string host(authority);
  size_t colon = host.rfind(':');
  if (colon != std::string::npos && host.find(']', colon) == std::string::npos) {
    std::string port = host.substr(colon + 1);
    host.resize(colon);
    if (host.empty()) return "";
    for (char c : port) {
      if (c < '0' || c > '9') return "";
    }
    size_t first = port.find_first_not_of('0');
    port = first == std::string::npos ? (port.empty() ? "" : "0") : port.substr(first);
    if (port.size() > 5) return "";
    unsigned long number = 0;
    for (char c : port) number = number * 10 + static_cast<unsigned long>(c - '0');
    if (number > 65535) return "";
    if (!port.empty() && port != "443") host += ":" + port;
  }
  for (char c : host) {
    if (c == '%' || c == '<' || c == '>' || c == '^' || c == '|' || c == '"' || c == '\'') return "";
  }
  return "https://" + ascii_lower(host);
}
}  // namespace

Outcome<bool> check_link(std::string_view url) {
  const Outcome<bool> bad = failure("页面链接不受支持");
  if (common::utf16_length(url) > kLinkMaxUnits || url.empty() || has_forbidden_url_chars(url)) return bad;
  if (url[0] == '#') return passed();
  if (url[0] == '/') return url.size() > 1 && url[1] == '/' ? bad : passed();
  std::string_view rest;
  if (starts_with_ignore_case(url, "https://")) rest = url.substr(8);
  else if (starts_with_ignore_case(url, "http://")) rest = url.substr(7);
  else return bad;
  std::string_view authority = authority_of(rest);
  if (authority.empty() || authority.find('@') != std::string_view::npos) return bad;
  return passed();
}

Outcome<bool> check_frame_url(std::string_view url, std::string_view page_origin,
                              std::string_view declared_origins) {
  const Outcome<bool> invalid = failure("框架地址无效");
  if (url.empty()) return passed();
  if (common::utf16_length(url) > kFrameUrlMaxUnits || has_forbidden_url_chars(url)) return invalid;
  if (url[0] == '/') return url.size() > 1 && url[1] == '/' ? failure("框架地址不得跨站") : passed();
  if (!starts_with_ignore_case(url, "https://")) return invalid;
  std::string origin = https_origin(authority_of(url.substr(8)));
  if (origin.empty()) return invalid;
  if (origin == ascii_lower(page_origin)) return passed();
  bool declared = false;
  common::for_each_token(declared_origins, [&](std::string_view item) {
    while (!item.empty() && item.back() == '/') item.remove_suffix(1);
    if (starts_with_ignore_case(item, "https://") && https_origin(item.substr(8)) == origin) declared = true;
  });
  if (declared) return passed();
  return failure("框架地址来源未获页面声明：" + origin);
}

Outcome<bool> check_resource_path(std::string_view path) {
  if (path.size() < 1 || path[0] != '/' || (path.size() > 1 && path[1] == '/') ||
      common::utf16_length(path) > kLinkMaxUnits || has_forbidden_url_chars(path)) {
    return failure("页面资源路径无效");
  }
  return passed();
}

bool is_script_url(std::string_view url) {
  std::string compact;
  for (char c : url) {
    if (common::is_ascii_tab_or_newline(c)) continue;
    if (compact.empty() && static_cast<unsigned char>(c) <= 0x20) continue;
    compact += ascii_lower(c);
    if (compact.size() > 16) break;
  }
  return compact.rfind("javascript:", 0) == 0 || compact.rfind("vbscript:", 0) == 0;
}

}  // namespace dehydra::webtree
