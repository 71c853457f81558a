// The lexical grammar of a GVGAI game file (spec §2.1), as a PEGTL grammar.
//
// GVGAI reads a game file line by line: "\n", "\r\n" and "\r" end lines; everything from the
// first '#' is a comment; the indent is the count of leading whitespace characters (a tab
// counts one); runs of whitespace separate tokens. There are no quotes, no escapes and no
// spaces around '=': a token is any run of other characters. The grammar therefore accepts
// every input; what is wrong with a line is decided later, with the line at hand.
#pragma once

#include <tao/pegtl.hpp>

namespace vgdl::grammar {

namespace pegtl = tao::pegtl;

// Java's \s without the line terminators (readLine already removed them).
struct blank : pegtl::one<' ', '\t', '\v', '\f'> {};
struct eol : pegtl::sor<pegtl::string<'\r', '\n'>, pegtl::one<'\n'>, pegtl::one<'\r'>> {};
struct comment : pegtl::seq<pegtl::one<'#'>, pegtl::star<pegtl::not_one<'\r', '\n'>>> {};
struct token : pegtl::plus<pegtl::not_one<' ', '\t', '\v', '\f', '\r', '\n', '#'>> {};
struct indent : pegtl::star<blank> {};
struct tokens : pegtl::opt<token, pegtl::star<pegtl::plus<blank>, token>> {};
struct line : pegtl::seq<indent, tokens, pegtl::star<blank>, pegtl::opt<comment>> {};
struct file : pegtl::seq<pegtl::list<line, eol>, pegtl::eof> {};

}  // namespace vgdl::grammar
