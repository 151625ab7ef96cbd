import { Foundation1795310108703 } from "./1795310108703-Foundation.js";
import { Accounts1795312126846 } from "./1795312126846-Accounts.js";
import { Villages1795313250191 } from "./1795313250191-Villages.js";
import { GenealogyCore1795314175272 } from "./1795314175272-GenealogyCore.js";
import { Unions1795317465344 } from "./1795317465344-Unions.js";
import { EventsRegistriesAssets1795318861016 } from "./1795318861016-EventsRegistriesAssets.js";
import { CurationAndReview1795318882020 } from "./1795318882020-CurationAndReview.js";
import { Ingestion1795319179206 } from "./1795319179206-Ingestion.js";
import { RelativesLiving1795321000000 } from "./1795321000000-RelativesLiving.js";
import { NameSearchTokens1795321000002 } from "./1795321000002-NameSearchTokens.js";
import { NameEquivalents1797100000000 } from "./1797100000000-NameEquivalents.js";
import { RekeyNames1795321000003 } from "./1795321000003-RekeyNames.js";
import { KeptRecords1795321634711 } from "./1795321634711-KeptRecords.js";
import { ImportedEvents1795321700000 } from "./1795321700000-ImportedEvents.js";
import { LivingUntil1795329191122 } from "./1795329191122-LivingUntil.js";
import { StagedKindIndex1795329248512 } from "./1795329248512-StagedKindIndex.js";
import { SelfRecord1795400000000 } from "./1795400000000-SelfRecord.js";
import { BulkKinRefresh1795401000000 } from "./1795401000000-BulkKinRefresh.js";
import { StagedColumns1795541650150 } from "./1795541650150-StagedColumns.js";
import { KinOnePassAndNameKeys1795600000000 } from "./1795600000000-KinOnePassAndNameKeys.js";
import { StagedPrune1795700000000 } from "./1795700000000-StagedPrune.js";
import { StagedUnlogged1795700000001 } from "./1795700000001-StagedUnlogged.js";
import { KeptRecordsJson1795800000000 } from "./1795800000000-KeptRecordsJson.js";
import { ImportOutcomes1795900000000 } from "./1795900000000-ImportOutcomes.js";
import { WarningRecord1796000000000 } from "./1796000000000-WarningRecord.js";
import { KeptSharedXref1796100000000 } from "./1796100000000-KeptSharedXref.js";
import { ImportJobDeleted1796200000000 } from "./1796200000000-ImportJobDeleted.js";
import { TrustedDevices1796300000000 } from "./1796300000000-TrustedDevices.js";
import { JobRuns1796400000000 } from "./1796400000000-JobRuns.js";
import { FeatureFlags1796450000000 } from "./1796450000000-FeatureFlags.js";
import { Notifications1796500000000 } from "./1796500000000-Notifications.js";
import { Media1796600000000 } from "./1796600000000-Media.js";
import { Rootpedia1796700000000 } from "./1796700000000-Rootpedia.js";
import { Ballots1796800000000 } from "./1796800000000-Ballots.js";
import { BallotSettings1796900000000 } from "./1796900000000-BallotSettings.js";
import { VillageMerges1797200000000 } from "./1797200000000-VillageMerges.js";
import { TreeRootsAndEntry1797300000000 } from "./1797300000000-TreeRootsAndEntry.js";
import { LatinArticles1797400000000 } from "./1797400000000-LatinArticles.js";
import { VillageNameMarks1797500000000 } from "./1797500000000-VillageNameMarks.js";
import { VillageFrenchDistricts1797600000000 } from "./1797600000000-VillageFrenchDistricts.js";
import { UploadReservations1797836000000 } from "./1797836000000-UploadReservations.js";
import { UserDigits1797900000000 } from "./1797900000000-UserDigits.js";
import { BallotDiscussion1798100000000 } from "./1798100000000-BallotDiscussion.js";
import { RootpediaTitleKeys1798100000001 } from "./1798100000001-RootpediaTitleKeys.js";
import { BallotVoteMixing1797700000000 } from "./1797700000000-BallotVoteMixing.js";
import { BallotBreakdownBatches1797736000000 } from "./1797736000000-BallotBreakdownBatches.js";
import { Money1798200000000 } from "./1798200000000-Money.js";
import { Ancestry1798300000000 } from "./1798300000000-Ancestry.js";
import { AncestryFiles1798400000000 } from "./1798400000000-AncestryFiles.js";
import { AncestryDeskIndexes1798450000000 } from "./1798450000000-AncestryDeskIndexes.js";
import { Partners1798500000000 } from "./1798500000000-Partners.js";
import { PartnerWebhooks1798600000000 } from "./1798600000000-PartnerWebhooks.js";
import { ClientCostBudgets1798650000000 } from "./1798650000000-ClientCostBudgets.js";
import { ImportFileKeys1796412000000 } from "./1796412000000-ImportFileKeys.js";

/** Every migration in order; a new one is appended here. */
export const migrations = [
  Foundation1795310108703,
  Accounts1795312126846,
  Villages1795313250191,
  GenealogyCore1795314175272,
  Unions1795317465344,
  EventsRegistriesAssets1795318861016,
  CurationAndReview1795318882020,
  Ingestion1795319179206,
  RelativesLiving1795321000000,
  NameSearchTokens1795321000002,
  RekeyNames1795321000003,
  KeptRecords1795321634711,
  ImportedEvents1795321700000,
  LivingUntil1795329191122,
  StagedKindIndex1795329248512,
  SelfRecord1795400000000,
  BulkKinRefresh1795401000000,
  StagedColumns1795541650150,
  KinOnePassAndNameKeys1795600000000,
  StagedPrune1795700000000,
  StagedUnlogged1795700000001,
  KeptRecordsJson1795800000000,
  ImportOutcomes1795900000000,
  WarningRecord1796000000000,
  KeptSharedXref1796100000000,
  ImportJobDeleted1796200000000,
  TrustedDevices1796300000000,
  JobRuns1796400000000,
  FeatureFlags1796450000000,
  ImportFileKeys1796412000000,
  Notifications1796500000000,
  Media1796600000000,
  Rootpedia1796700000000,
  Ballots1796800000000,
  BallotSettings1796900000000,
  NameEquivalents1797100000000,
  VillageMerges1797200000000,
  TreeRootsAndEntry1797300000000,
  LatinArticles1797400000000,
  VillageNameMarks1797500000000,
  VillageFrenchDistricts1797600000000,
  BallotVoteMixing1797700000000,
  BallotBreakdownBatches1797736000000,
  UploadReservations1797836000000,
  UserDigits1797900000000,
  BallotDiscussion1798100000000,
  RootpediaTitleKeys1798100000001,
  Money1798200000000,
  Ancestry1798300000000,
  AncestryFiles1798400000000,
  AncestryDeskIndexes1798450000000,
  Partners1798500000000,
  PartnerWebhooks1798600000000,
  ClientCostBudgets1798650000000,
];
