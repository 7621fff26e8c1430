import { describe, expect, it } from "vitest";
import {
  checkField,
  isCreditCode,
  isEmptyValue,
  isIdCard,
  matches,
  optionalText,
  PASSWORD_SPECIALS,
  type PatternName,
  requiredText,
  validationMessage,
  validationText,
} from "./validation.ts";

// spec 5: several valid and several invalid examples for every pattern.
const cases: Record<PatternName, { valid: string[]; invalid: string[] }> = {
  username: {
    valid: ["张三", "alice", "Bob2024", "李雷abc123", "旅行者9"],
    invalid: ["", "alice bob", "bob_smith", "张三!", "user@x", "😀smile", " 张三"],
  },
  email: {
    valid: [
      "a@b.co",
      "first.last@example.com",
      "x+tag@mail.example.cn",
      "a_b-c@sub-domain.museum",
      "Z9@ab.io",
    ],
    invalid: [
      "plain",
      "@example.com",
      "a@",
      "a@b",
      "a@b.c",
      "a@b.toolongtld",
      "a b@example.com",
      "a..b@example.com",
      ".a@example.com",
      "a@-example.com",
      "a@example.com.",
      "a@example.c0m",
    ],
  },
  mobile: {
    valid: ["13800138000", "15912345678", "19900000000", "17012345678", "18612345678"],
    invalid: ["12800138000", "1380013800", "138001380000", "23800138000", "+8613800138000", "138-0013-8000"],
  },
  landline: {
    valid: ["010-12345678", "0755-8765432", "01012345678", "87654321", "021-23456789-123"],
    invalid: ["12345", "010-02345678", "10-12345678", "010-123456789", "abc-12345678", "010_12345678"],
  },
  noEdgeSpaces: {
    valid: ["a", "hello world", "中文 内容", "", "x\ty"],
    invalid: [" a", "a ", "\ta", "a\n", "\u3000全角", " "],
  },
  password: {
    valid: ["abc123!@", "Passw0rd#", "a1~aaaaa", "Z9[]{}()xx", "abcdefghijklmnopq1!x", 'q1"quote1'],
    invalid: [
      "abc123ab",
      "abcdefg!",
      "12345678!",
      "a1!",
      "abcdefghijklmnopq1!xy",
      "abc 123!x",
      "密码abc123!",
      "ABCDEF12",
      "",
    ],
  },
  url: {
    valid: [
      "https://example.com",
      "http://shop.example.cn/plp?x=1#top",
      "https://a.b.c.example.travel:8443/path",
      "http://192.168.0.1/admin",
    ],
    invalid: [
      "example.com",
      "ftp://example.com",
      "javascript:alert(1)",
      "https://",
      "https://localhost",
      "https://exa mple.com",
      "//example.com",
    ],
  },
  idCard: {
    valid: ["11010519491231002X", "11010519491231002x", "440524188001010014", "510701198512158874"],
    invalid: [
      "110105194912310021",
      "11010519491231002",
      "010101199001010011",
      "110101199902290018",
      "110101199013010012",
      "110101179901010012",
      "110101209912310015",
      "11010519491231002Y",
    ],
  },
  passport: {
    valid: ["E12345678", "G87654321", "EA1234567", "123456789", "X1234"],
    invalid: ["E123", "E-1234567", "E 12345678", "ABCDEFGHIJKLMNOPQR", "护照12345"],
  },
  code: {
    valid: ["ABC", "a1", "PLAN_001", "esim-hk.v2", "cat/sub/leaf", "9x"],
    invalid: ["", "_abc", "-abc", ".abc", "/abc", "ab c", "ab#c", "编码1"],
  },
  codeUpper: {
    valid: ["ABC", "PLAN_001", "HK-5GB.30D", "A/B", "1A"],
    invalid: ["abc", "Plan", "_ABC", "AB C", "AB#"],
  },
  codeLower: {
    valid: ["abc", "plan_001", "hk-5gb.30d", "a/b", "1a"],
    invalid: ["ABC", "Plan", "_abc", "ab c", "ab#"],
  },
  foreignPhone: {
    valid: ["91234567", "0123456789", "447911123456", "1234", "123456789012345"],
    invalid: ["123", "1234567890123456", "+85291234567", "9123 4567", "9123-4567", "abcd1234"],
  },
  creditCode: {
    valid: ["9144030071526726XG", "914403001922038216", "91330100799655058B", "91350100M000100Y43"],
    invalid: [
      "9144030071526726XH",
      "914403001922038217",
      "9144030071526726X",
      "9144030071526726XGG",
      "9144030071526726IG",
      "91440300715267260O",
      "9144030071526726xg",
    ],
  },
  fax: {
    valid: ["010-12345678", "0755-8765432", "87654321", "02112345678"],
    invalid: ["010-12345678-123", "12345", "010-02345678", "fax:010-12345678", "010 12345678"],
  },
  postalCode: {
    valid: ["100000", "518000", "010010", "999077"],
    invalid: ["10000", "1000000", "10000a", "100 000", "", "１０００００"],
  },
};

describe("validation patterns (spec 5)", () => {
  for (const [name, { valid, invalid }] of Object.entries(cases) as [
    PatternName,
    { valid: string[]; invalid: string[] },
  ][]) {
    describe(name, () => {
      it.each(valid)(`accepts %j`, (value) => {
        expect(matches(name, value)).toBe(true);
      });
      it.each(invalid)(`refuses %j`, (value) => {
        expect(matches(name, value)).toBe(false);
      });
    });
  }

  it("accepts every documented special character in a password", () => {
    for (const special of PASSWORD_SPECIALS) {
      expect(matches("password", `abc12${special}xy`), special).toBe(true);
    }
    expect(PASSWORD_SPECIALS).toHaveLength(32);
  });

  it("refuses a birth date after today and accepts the same number once the date has come", () => {
    expect(isIdCard("11010120000229000X", new Date("1999-12-31T00:00:00Z"))).toBe(false);
    expect(isIdCard("11010120000229000X", new Date("2000-03-01T00:00:00Z"))).toBe(true);
  });

  it("checks the social credit code's check character, not only its shape", () => {
    expect(isCreditCode("91110000600037341L")).toBe(true);
    expect(isCreditCode("91110000600037341M")).toBe(false);
  });

  it("limits email length the way mail servers do", () => {
    expect(matches("email", `${"a".repeat(64)}@example.com`)).toBe(true);
    expect(matches("email", `${"a".repeat(65)}@example.com`)).toBe(false);
    expect(
      matches("email", `a@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(63)}.com`),
    ).toBe(false);
  });
});

describe("form item rules (spec 5)", () => {
  it.each([null, undefined, "", "   ", "\u3000", []])("required refuses %j with 不能为空", (value) => {
    const issue = checkField(value, { required: true });
    expect(issue).toEqual({ key: "validation.required" });
    expect(validationMessage("zh_CN", issue!)).toBe("不能为空");
  });

  it.each([0, false, "x", ["a"], {}])("required accepts %j", (value) => {
    expect(isEmptyValue(value)).toBe(false);
    expect(checkField(value, { required: true })).toBeNull();
  });

  it("reports 值类型不匹配！ when the value has another type", () => {
    expect(checkField("12", { type: "number" })).toEqual({ key: "validation.typeMismatch" });
    expect(checkField(12, { type: "string" })).toEqual({ key: "validation.typeMismatch" });
    expect(checkField(Number.NaN, { type: "number" })).toEqual({ key: "validation.typeMismatch" });
    expect(checkField("x", { type: "array" })).toEqual({ key: "validation.typeMismatch" });
    expect(checkField(new Date("nope"), { type: "date" })).toEqual({ key: "validation.typeMismatch" });
    expect(checkField(12, { pattern: "postalCode" })).toEqual({ key: "validation.typeMismatch" });
    expect(validationMessage("zh_CN", { key: "validation.typeMismatch" })).toBe("值类型不匹配！");
    expect(checkField(3, { type: "number", required: true })).toBeNull();
    expect(checkField(true, { type: "boolean" })).toBeNull();
  });

  it("lets an empty optional value pass but checks the pattern otherwise", () => {
    expect(checkField("", { pattern: "email" })).toBeNull();
    expect(checkField("nope", { pattern: "email" })).toEqual({ key: "validation.email" });
    expect(checkField("a@b.co", { pattern: "email", required: true })).toBeNull();
  });

  it("builds the failure toast exactly as the spec quotes it, in every locale", () => {
    expect(validationText("zh_CN", "邮箱", { key: "validation.required" })).toBe(
      "“邮箱”校验不通过，不能为空",
    );
    expect(validationText("zh_HK", "電郵", { key: "validation.required" })).toBe(
      "「電郵」校驗不通過，不能為空",
    );
    expect(validationText("en_US", "Email", "validation.email")).toBe(
      "“Email” is not valid: Enter a valid email address",
    );
    expect(validationText("zh_CN", "数量", { key: "validation.numberMin", params: { min: 1 } })).toBe(
      "“数量”校验不通过，不能小于1",
    );
  });

  it("passes text that is not a message key through unchanged", () => {
    expect(validationMessage("en_US", "Already translated by the API")).toBe("Already translated by the API");
    expect(validationMessage("en_US", "validation.noSuchKey")).toBe("validation.noSuchKey");
  });
});

describe("zod helpers", () => {
  const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? null : result.error!.issues[0]!.message;

  it("reports message keys the browser and the server share", () => {
    const email = requiredText("email");
    expect(email.safeParse("a@b.co").success).toBe(true);
    expect(firstMessage(email.safeParse(undefined))).toBe("validation.required");
    expect(firstMessage(email.safeParse(null))).toBe("validation.required");
    expect(firstMessage(email.safeParse("  "))).toBe("validation.required");
    expect(firstMessage(email.safeParse(42))).toBe("validation.typeMismatch");
    expect(firstMessage(email.safeParse("nope"))).toBe("validation.email");
  });

  it("checks identity card checksums through the schema too", () => {
    const idCard = requiredText("idCard");
    expect(idCard.safeParse("11010519491231002X").success).toBe(true);
    expect(firstMessage(idCard.safeParse("110105194912310021"))).toBe("validation.idCard");
  });

  it("turns a blank optional field into undefined and checks a filled one", () => {
    const fax = optionalText("fax");
    expect(fax.parse("")).toBeUndefined();
    expect(fax.parse(undefined)).toBeUndefined();
    expect(fax.parse(null)).toBeUndefined();
    expect(fax.parse("010-12345678")).toBe("010-12345678");
    expect(firstMessage(fax.safeParse("12"))).toBe("validation.fax");
    expect(firstMessage(fax.safeParse(12))).toBe("validation.typeMismatch");
  });

  it("keeps a required field without a pattern to the required rule", () => {
    const name = requiredText();
    expect(name.parse("Ann")).toBe("Ann");
    expect(firstMessage(name.safeParse(""))).toBe("validation.required");
  });
});
