/** Public surface of the media feature: pictures on the person page, the village gallery, and the /settings allowance. */
import "./media.css";

export { MediaAllowanceSection } from "./components/MediaAllowanceSection";
export { PersonGallery } from "./components/PersonGallery";
export { PersonPortrait } from "./components/PersonPortrait";
export { VillageGallery } from "./components/VillageGallery";
