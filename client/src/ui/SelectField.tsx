/** The older name of Select, kept for the forms that import it. */
export { Select as SelectField } from "./Select";
