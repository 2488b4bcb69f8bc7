// SPDX-License-Identifier: BSD-2-Clause
/*
 * vsnprintf for the kernel: the C99 conversions napkin needs (d i u o x X c s p
 * and %%; %n is refused), flags "-+ #0", width and precision including '*', the
 * length modifiers hh h l ll z t j, and glibc's "(nil)" and "(null)" for NULL
 * pointers and strings. No floating point: the kernel is built with
 * -mgeneral-regs-only. The output is always NUL-terminated when size > 0 and
 * the return value is the length the full output would have had. Widths and
 * precisions above FIELD_MAX are clamped to it.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct out {
	char *buf;
	size_t size;
	size_t len;
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void put_repeat(struct out *o, char c, int n)
{
	while (n-- > 0)
		put(o, c);
}

enum {
	F_LEFT = 1,
	F_PLUS = 2,
	F_SPACE = 4,
	F_ALT = 8,
	F_ZERO = 16,
};

enum length { L_INT, L_CHAR, L_SHORT, L_LONG, L_LLONG, L_SIZE, L_PTRDIFF, L_MAX };

/* One conversion's flags, field sizes and length modifier. */
struct spec {
	unsigned int flags;
	int width;
	int precision; /* -1 when absent */
	enum length len;
};

static void put_string(struct out *o, const char *s, const struct spec *sp)
{
	size_t n;
	int pad;

	/* Like glibc: a NULL cut short by the precision would look like real text. */
	if (!s)
		s = sp->precision < 0 || sp->precision >= 6 ? "(null)" : "";
	n = sp->precision >= 0 ? strnlen(s, (size_t)sp->precision) : strlen(s);
	pad = sp->width > (int)n ? sp->width - (int)n : 0;
	if (!(sp->flags & F_LEFT))
		put_repeat(o, ' ', pad);
	for (size_t i = 0; i < n; i++)
		put(o, s[i]);
	if (sp->flags & F_LEFT)
		put_repeat(o, ' ', pad);
}

/*
 * One integer as [spaces][sign or 0x][zeros][digits][spaces]. sign is '-',
 * '+', ' ' or 0 and only signed conversions pass one; hex_prefix asks for
 * 0x/0X, which C gives to non-zero values only.
 */
static void put_number(struct out *o, uintmax_t v, char sign, unsigned int base, bool upper,
		       bool hex_prefix, const struct spec *sp)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[sizeof(uintmax_t) * 3]; /* 64 bits are 22 octal digits */
	char prefix[3];
	int ndigits = 0, zeros = 0, prefix_len = 0, pad;

	for (uintmax_t rest = v; rest; rest /= base)
		tmp[ndigits++] = digits[rest % base];
	/* Precision 0 with the value 0 prints no digits at all. */
	if (v == 0 && sp->precision < 0)
		tmp[ndigits++] = '0';
	if (sp->precision > ndigits)
		zeros = sp->precision - ndigits;
	/* "%#o" makes sure the first digit printed is a 0. */
	if (base == 8 && (sp->flags & F_ALT) && zeros == 0 && (v != 0 || ndigits == 0))
		zeros = 1;

	if (sign)
		prefix[prefix_len++] = sign;
	if (hex_prefix && v != 0) {
		prefix[prefix_len++] = '0';
		prefix[prefix_len++] = upper ? 'X' : 'x';
	}

	pad = sp->width - prefix_len - zeros - ndigits;
	/* '0' pads after the sign and 0x; '-' and any precision turn it off. */
	if (pad > 0 && (sp->flags & F_ZERO) && !(sp->flags & F_LEFT) && sp->precision < 0) {
		zeros += pad;
		pad = 0;
	}
	if (!(sp->flags & F_LEFT))
		put_repeat(o, ' ', pad);
	for (int i = 0; i < prefix_len; i++)
		put(o, prefix[i]);
	put_repeat(o, '0', zeros);
	while (ndigits)
		put(o, tmp[--ndigits]);
	if (sp->flags & F_LEFT)
		put_repeat(o, ' ', pad);
}

/* The sign a signed conversion prints: '-', or what '+' or ' ' ask for. */
static char sign_of(bool negative, unsigned int flags)
{
	if (negative)
		return '-';
	if (flags & F_PLUS)
		return '+';
	if (flags & F_SPACE)
		return ' ';
	return 0;
}

static uintmax_t fetch_unsigned(va_list *ap, enum length len)
{
	switch (len) {
	case L_CHAR: return (unsigned char)va_arg(*ap, unsigned int);
	case L_SHORT: return (unsigned short)va_arg(*ap, unsigned int);
	case L_LONG: return va_arg(*ap, unsigned long);
	case L_LLONG: return va_arg(*ap, unsigned long long);
	case L_SIZE: return va_arg(*ap, size_t);
	case L_PTRDIFF: return (uintmax_t)va_arg(*ap, ptrdiff_t);
	case L_MAX: return va_arg(*ap, uintmax_t);
	default: return va_arg(*ap, unsigned int);
	}
}

static intmax_t fetch_signed(va_list *ap, enum length len)
{
	switch (len) {
	case L_CHAR: return (signed char)va_arg(*ap, int);
	case L_SHORT: return (short)va_arg(*ap, int);
	case L_LONG: return va_arg(*ap, long);
	case L_LLONG: return va_arg(*ap, long long);
	case L_SIZE: return (intmax_t)va_arg(*ap, size_t);
	case L_PTRDIFF: return va_arg(*ap, ptrdiff_t);
	case L_MAX: return va_arg(*ap, intmax_t);
	default: return va_arg(*ap, int);
	}
}

/*
 * Widths and precisions are clamped here: no kernel message needs more, and
 * it keeps parsing and padding far away from int overflow.
 */
#define FIELD_MAX 4096

static int clamp_field(int n)
{
	return n < FIELD_MAX ? n : FIELD_MAX;
}

static int parse_field(const char **fmt)
{
	int n = 0;

	for (; **fmt >= '0' && **fmt <= '9'; (*fmt)++)
		if (n < FIELD_MAX)
			n = n * 10 + (**fmt - '0');
	return clamp_field(n);
}

/* Reads flags, width, precision and length modifier; *fmt ends on the letter. */
static void parse_spec(const char **fmt, va_list *ap, struct spec *sp)
{
	const char *p = *fmt;

	for (;; p++) {
		if (*p == '-')
			sp->flags |= F_LEFT;
		else if (*p == '+')
			sp->flags |= F_PLUS;
		else if (*p == ' ')
			sp->flags |= F_SPACE;
		else if (*p == '#')
			sp->flags |= F_ALT;
		else if (*p == '0')
			sp->flags |= F_ZERO;
		else
			break;
	}

	if (*p == '*') {
		int w = va_arg(*ap, int);

		/* A negative '*' width is the '-' flag and its magnitude. */
		if (w < 0) {
			sp->flags |= F_LEFT;
			w = w < -FIELD_MAX ? FIELD_MAX : -w;
		}
		sp->width = clamp_field(w);
		p++;
	} else {
		sp->width = parse_field(&p);
	}

	if (*p == '.') {
		p++;
		if (*p == '*') {
			int prec = va_arg(*ap, int);

			/* A negative '*' precision counts as none. */
			sp->precision = prec < 0 ? -1 : clamp_field(prec);
			p++;
		} else {
			sp->precision = parse_field(&p);
		}
	}

	switch (*p) {
	case 'h':
		sp->len = p[1] == 'h' ? (p++, L_CHAR) : L_SHORT;
		p++;
		break;
	case 'l':
		sp->len = p[1] == 'l' ? (p++, L_LLONG) : L_LONG;
		p++;
		break;
	case 'z':
		sp->len = L_SIZE;
		p++;
		break;
	case 't':
		sp->len = L_PTRDIFF;
		p++;
		break;
	case 'j':
		sp->len = L_MAX;
		p++;
		break;
	default: break;
	}
	*fmt = p;
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap_in)
{
	struct out o = { buf, size, 0 };
	va_list ap;

	va_copy(ap, ap_in);
	for (; *fmt; fmt++) {
		struct spec sp = { .precision = -1, .len = L_INT };

		if (*fmt != '%') {
			put(&o, *fmt);
			continue;
		}
		fmt++;
		parse_spec(&fmt, &ap, &sp);

		switch (*fmt) {
		case 'd':
		case 'i': {
			intmax_t v = fetch_signed(&ap, sp.len);
			uintmax_t mag = v < 0 ? (uintmax_t)0 - (uintmax_t)v : (uintmax_t)v;

			put_number(&o, mag, sign_of(v < 0, sp.flags), 10, false, false, &sp);
			break;
		}
		case 'u':
			put_number(&o, fetch_unsigned(&ap, sp.len), 0, 10, false, false, &sp);
			break;
		case 'o':
			put_number(&o, fetch_unsigned(&ap, sp.len), 0, 8, false, false, &sp);
			break;
		case 'x':
		case 'X':
			put_number(&o, fetch_unsigned(&ap, sp.len), 0, 16, *fmt == 'X',
				   sp.flags & F_ALT, &sp);
			break;
		case 'p': {
			void *p = va_arg(ap, void *);

			if (p) {
				put_number(&o, (uintptr_t)p, 0, 16, false, true, &sp);
			} else {
				sp.precision = -1;
				put_string(&o, "(nil)", &sp);
			}
			break;
		}
		case 'c':
			if (!(sp.flags & F_LEFT))
				put_repeat(&o, ' ', sp.width - 1);
			put(&o, (char)va_arg(ap, int));
			if (sp.flags & F_LEFT)
				put_repeat(&o, ' ', sp.width - 1);
			break;
		case 's': put_string(&o, va_arg(ap, const char *), &sp); break;
		case '%': put(&o, '%'); break;
		case 'n':
			/*
			 * Writing through a format argument is refused. Its pointer is
			 * still taken so the conversions after it get their own.
			 */
			(void)va_arg(ap, void *);
			put(&o, '%');
			put(&o, 'n');
			break;
		case '\0':
			/* A '%' at the very end: nothing to print, and stop here. */
			fmt--;
			break;
		default:
			/* Unknown conversion: echo it so the mistake is visible. */
			put(&o, '%');
			put(&o, *fmt);
			break;
		}
	}
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	va_end(ap);
	return (int)o.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
