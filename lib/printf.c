// SPDX-License-Identifier: BSD-2-Clause
/*
 * vsnprintf for the kernel: the C99 conversions napkin needs (d i u o x X c s p
 * and %%; %n is refused), flags "-+ #0", width and precision including '*', the
 * length modifiers hh h l ll z t j, and glibc's "(nil)" and "(null)" for NULL
 * pointers and strings. No floating point: the kernel is built
 * with -mgeneral-regs-only. The output is always NUL-terminated when size > 0
 * and the return value is the length the full output would have had.
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
	F_LEFT = 1, F_PLUS = 2, F_SPACE = 4, F_ALT = 8, F_ZERO = 16,
};

struct spec {
	unsigned flags;
	int width;
	int precision; /* -1 when absent */
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

enum length { L_INT, L_CHAR, L_SHORT, L_LONG, L_LLONG, L_SIZE, L_PTRDIFF, L_MAX };

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

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap_in)
{
	struct out o = { buf, size, 0 };
	va_list ap;

	va_copy(ap, ap_in);
	while (*fmt) {
		struct spec sp = { 0, 0, -1 };
		enum length len = L_INT;

		if (*fmt != '%') {
			put(&o, *fmt++);
			continue;
		}
		fmt++;
		for (;; fmt++) {
			if (*fmt == '-') sp.flags |= F_LEFT;
			else if (*fmt == '+') sp.flags |= F_PLUS;
			else if (*fmt == ' ') sp.flags |= F_SPACE;
			else if (*fmt == '#') sp.flags |= F_ALT;
			else if (*fmt == '0') sp.flags |= F_ZERO;
			else break;
		}
		if (*fmt == '*') {
			sp.width = va_arg(ap, int);
			if (sp.width < 0) {
				sp.flags |= F_LEFT;
				sp.width = -sp.width;
			}
			fmt++;
		} else {
			while (*fmt >= '0' && *fmt <= '9')
				sp.width = sp.width * 10 + (*fmt++ - '0');
		}
		if (*fmt == '.') {
			fmt++;
			sp.precision = 0;
			if (*fmt == '*') {
				sp.precision = va_arg(ap, int);
				if (sp.precision < 0)
					sp.precision = -1;
				fmt++;
			} else {
				while (*fmt >= '0' && *fmt <= '9')
					sp.precision = sp.precision * 10 + (*fmt++ - '0');
			}
		}
		switch (*fmt) {
		case 'h':
			len = fmt[1] == 'h' ? (fmt++, L_CHAR) : L_SHORT;
			fmt++;
			break;
		case 'l':
			len = fmt[1] == 'l' ? (fmt++, L_LLONG) : L_LONG;
			fmt++;
			break;
		case 'z': len = L_SIZE; fmt++; break;
		case 't': len = L_PTRDIFF; fmt++; break;
		case 'j': len = L_MAX; fmt++; break;
		default: break;
		}

		switch (*fmt) {
		case 'd':
		case 'i': {
			intmax_t v = fetch_signed(&ap, len);
			uintmax_t mag = v < 0 ? (uintmax_t)0 - (uintmax_t)v : (uintmax_t)v;

			put_number(&o, mag, sign_of(v < 0, sp.flags), 10, false, false, &sp);
			break;
		}
		case 'u':
			put_number(&o, fetch_unsigned(&ap, len), 0, 10, false, false, &sp);
			break;
		case 'o':
			put_number(&o, fetch_unsigned(&ap, len), 0, 8, false, false, &sp);
			break;
		case 'x':
		case 'X':
			put_number(&o, fetch_unsigned(&ap, len), 0, 16, *fmt == 'X',
				   sp.flags & F_ALT, &sp);
			break;
		case 'p': {
			void *p = va_arg(ap, void *);

			if (!p) {
				put_string(&o, "(nil)", &(struct spec){ sp.flags, sp.width, -1 });
				break;
			}
			put_number(&o, (uintptr_t)p, 0, 16, false, true, &sp);
			break;
		}
		case 'c': {
			char c = (char)va_arg(ap, int);

			if (!(sp.flags & F_LEFT))
				put_repeat(&o, ' ', sp.width - 1);
			put(&o, c);
			if (sp.flags & F_LEFT)
				put_repeat(&o, ' ', sp.width - 1);
			break;
		}
		case 's':
			put_string(&o, va_arg(ap, const char *), &sp);
			break;
		case '%':
			put(&o, '%');
			break;
		case '\0':
			/* A lone '%' at the end: print nothing more. */
			fmt--;
			break;
		default:
			/* Unknown conversion: echo it so the mistake is visible. */
			put(&o, '%');
			put(&o, *fmt);
			break;
		}
		fmt++;
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
