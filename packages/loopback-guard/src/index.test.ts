import { describe, expect, it } from "vitest";
import { isLoopbackHost } from "./index.ts";

describe("isLoopbackHost", () => {
  it.each(["localhost", "localhost:4010", "LOCALHOST:1080", "127.0.0.1", "127.0.0.1:4010", "127.8.9.10:80", "[::1]", "[::1]:1080", "[0:0:0:0:0:0:0:1]:1080"])(
    "answers %s",
    (host) => expect(isLoopbackHost(host)).toBe(true),
  );

  it.each([undefined, "", "evil.example", "evil.example:4010", "localhost.evil.example", "128.0.0.1", "10.0.0.1:80", "0.0.0.0", "[::2]", "[::ffff:8.8.8.8]", "127.0.0.1.evil.example", "::1", "localhost:port"])(
    "refuses %s",
    (host) => expect(isLoopbackHost(host)).toBe(false),
  );
});
