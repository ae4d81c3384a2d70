import type { Role } from "@/lib/shared/auth/roles";

/**
 * A demo person of the local sandbox, as the sign-in page offers it. The list
 * (and the demo password) come from the server (app/(auth)/login/page.tsx),
 * only in sandbox mode: none of it is written into the browser bundle. These
 * accounts exist only in the sandbox and move no real money.
 */
export interface SandboxPerson {
  email: string;
  name: string;
  role: Role;
  businessId: string;
  businessName: string;
}

export interface SandboxBusinessPeople {
  businessId: string;
  businessName: string;
  people: SandboxPerson[];
}

/** The people grouped by business, in the order they came. */
export function groupByBusiness(people: readonly SandboxPerson[]): SandboxBusinessPeople[] {
  const groups = new Map<string, SandboxBusinessPeople>();
  for (const person of people) {
    const group = groups.get(person.businessId) ?? {
      businessId: person.businessId,
      businessName: person.businessName,
      people: [],
    };
    group.people.push(person);
    groups.set(person.businessId, group);
  }
  return [...groups.values()];
}
