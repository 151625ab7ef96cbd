/** What other features may use of people. */
export { PersonCard } from "./components/PersonCard";
