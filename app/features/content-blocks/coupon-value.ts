/**
 * spec 5: a discount shows as its value times 10 with 折 ("0.850" → 8.5折); in English as the percentage off.
 * The stored value is an exact decimal string, so this works on thousandths as integers, never on floats.
 */
export function discountTenths(resultDiscount: string): { zhe: string; percentOff: string } | null {
  const match = /^(\d)(?:\.(\d{1,3}))?$/.exec(resultDiscount.trim());
  if (!match) return null;
  const thousandths = Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
  if (thousandths <= 0 || thousandths >= 1000) return null;
  const trim = (value: number, scale: number) => {
    const whole = Math.trunc(value / scale);
    const rest = value % scale;
    return rest === 0
      ? String(whole)
      : `${whole}.${String(rest)
          .padStart(String(scale).length - 1, "0")
          .replace(/0+$/, "")}`;
  };
  // 折 = paid fraction × 10: thousandths / 100; percent off = (1000 − thousandths) / 10.
  return { zhe: trim(thousandths, 100), percentOff: trim(1000 - thousandths, 10) };
}
