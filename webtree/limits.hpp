// The limits of 网页文树 0.3.0, in one place. js-shim reads them through the bindings so the
// policy numbers live only here.
#pragma once
#include <cstddef>

namespace dehydra::webtree {

constexpr size_t kHandleCapacity = 4096;
constexpr size_t kMiB = 1024 * 1024;

// 构建页面节点树
constexpr size_t kTreeMaxDepth = 32;
constexpr size_t kTreeMaxNodes = 2000;
constexpr size_t kTreeMaxTextBytes = kMiB;       // UTF-8 bytes
constexpr size_t kTreeMaxAttributeUnits = kMiB;  // names + values, UTF-16 units
constexpr size_t kTreeMaxDescriptionUnits = 2 * kMiB;

// 设置页面节点超文本 (and the templates of 装入页面模板)
constexpr size_t kHtmlMaxUnits = 2 * kMiB;
constexpr size_t kHtmlMaxNodes = 5000;
constexpr size_t kHtmlMaxDepth = 32;

// Text and appends (UTF-16 units, what the DOM stores), read-back of text (UTF-8 bytes).
constexpr size_t kTextMaxUnits = 8 * kMiB;
constexpr size_t kReadTextMaxBytes = 8 * kMiB;

constexpr size_t kReplaceMaxChildren = 2000;
constexpr size_t kSelectorMaxUnits = 512;
constexpr size_t kQueryMaxMatches = 1024;
constexpr size_t kExportMaxElements = 2000;
constexpr size_t kExportMaxTextBytes = kMiB;

constexpr size_t kAttributeValueMaxUnits = 65536;
constexpr size_t kAttributeNameMaxChars = 64;
constexpr size_t kShortTextMaxUnits = 4096;  // title, placeholder
constexpr size_t kClassMaxUnits = 512;
constexpr size_t kClassMaxTokens = 32;
constexpr size_t kClassTokenMaxUnits = 64;
constexpr size_t kIdMaxUnits = 128;
constexpr size_t kLinkMaxUnits = 8192;
constexpr size_t kFrameUrlMaxUnits = 2048;
constexpr size_t kResourceMaxBytes = 2 * kMiB;

// A handle is canonical decimal of at most this many digits (handle_table.cpp).
constexpr size_t kHandleMaxDigits = 15;
// How much of a tag or attribute name, and of a handle, a message prints.
constexpr size_t kMessageNameUnits = 64;
constexpr size_t kMessageHandleUnits = 32;

}  // namespace dehydra::webtree
