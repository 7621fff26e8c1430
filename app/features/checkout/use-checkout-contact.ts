import { useEffect, useState } from "react";
import type { CheckoutContact, ContactErrors } from "./contact.ts";

/** The order's contact details and the problems found in them; a login in the popup fills in the e-mail. */
export function useCheckoutContact(initial: CheckoutContact) {
  const [contact, setContact] = useState<CheckoutContact>({
    email: initial.email,
    areaCode: initial.areaCode,
    phone: initial.phone,
  });
  const [problems, setProblems] = useState<ContactErrors>({});

  // After a login in the popup the page's data comes back with the account's contact details.
  const accountEmail = initial.email;
  useEffect(() => {
    if (accountEmail)
      setContact((current) => (current.email ? current : { ...current, email: accountEmail }));
  }, [accountEmail]);

  return {
    contact,
    problems,
    setProblems,
    /** A change in the form; the field the shopper edited loses its problem. */
    change(next: CheckoutContact, edited: keyof ContactErrors | null) {
      setContact(next);
      if (edited) setProblems(({ [edited]: _cleared, ...rest }) => rest);
    },
  };
}
