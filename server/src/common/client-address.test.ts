import { describe, expect, it } from "@jest/globals";
import { addressKey } from "./client-address.js";

describe("addressKey", () => {
  it("keys IPv6 clients by their /64, whatever the spelling", () => {
    expect(addressKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2::9")).toBe(addressKey("2001:DB8:1:2:aaaa:bbbb:cccc:dddd"));
    expect(addressKey("2001:db8:1:3::9")).not.toBe(addressKey("2001:db8:1:2::9"));
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:cb00:7107")).toBe("203.0.113.7");
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
  });

  it("keeps what it cannot read", () => {
    expect(addressKey(null)).toBe("unknown");
    expect(addressKey("not an address")).toBe("not an address");
  });
});
