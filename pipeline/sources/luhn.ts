/**
 * The Luhn (mod 10) check used by every card number. The sandbox test cards must pass
 * it, as real cards do, so the same number behaves the same in a client-side check.
 */

/** Whether a string of digits passes the Luhn check. Non-digits or an empty string fail. */
export function passesLuhn(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The check digit to append to `body` so that the whole number passes the Luhn check. */
export function luhnCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (passesLuhn(body + d)) return String(d);
  throw new Error(`Expected digits, found "${body}"`);
}
