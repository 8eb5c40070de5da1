import type { ArticleDraft } from '../../lib/article-draft';

/**
 * The three fixed sample stories of /p/{slug} (SPEC.md section 2): original
 * texts in English, each with the draft that would regenerate a story like it
 * (SPEC.md: third person twice, second person once; R18, more dialogue, en).
 * `labelKey` names the pair and its setting in the reader's language.
 */
export type SampleStory = {
  slug: string;
  title: string;
  labelKey: string;
  /** Scenes, each a list of paragraphs; a scene break is drawn between scenes. */
  scenes: string[][];
  draft: ArticleDraft;
};

const lighthouse: SampleStory = {
  slug: 'ines-and-tomas-lighthouse',
  title: 'The Lamp at Cape Sorrow',
  labelKey: 'samples.lighthouse',
  draft: {
    characterA: 'Ines',
    settingA:
      'Ines Calloway, 34, keeper of the Cape Sorrow lighthouse. Dry humour, steady hands, two winters alone on the rock. Decisive; she takes the lead.',
    characterB: 'Tomás',
    settingB:
      'Tomás Ferreira, 37, a marine surveyor whose boat is wrecked on the reef. Gentle, precise, talkative when nervous, afraid of heights. Happy to let her lead.',
    plot: 'A storm strands a surveyor at a remote lighthouse. Through one long night of climbing the tower to keep the lamp turning, the keeper and her unexpected guest trade secrets, and by dawn neither of them wants the fog to lift.',
    perspective: 'thirdPerson',
    isR18: 'R18',
    writingStyle: 'conversation',
    selectedLanguageForGen: 'en',
  },
  scenes: [
    [
      'The storm had been knocking at the lighthouse door for three hours before Ines realised that one of the knocks was a man.',
      'She dragged the door open against the wind. He stood on the step with seawater pouring out of his sleeves and a map case clutched to his chest like something newborn.',
      '“Please tell me this is Cape Sorrow,” he said. “My chart says Cape Sorrow. My boat disagrees. My boat is currently in several places.”',
      '“It’s Cape Sorrow.” She caught him by the collar and pulled him inside. “Are you hurt?”',
      '“Only my pride. Possibly my knee. Tomás Ferreira, marine survey. I was mapping the reef.”',
      '“You found it.”',
      '“I found it,” he agreed, and laughed, and then sat down rather suddenly on the bottom step of the stair.',
      'She put him by the stove in her spare jumper, which was too short in the arms, and a blanket that smelled of lamp oil. He held the tea she gave him in both hands and watched her check the barometer, then the clock, then the barometer again.',
      '“You do that a lot,” he said.',
      '“The lamp turns on clockwork. The weights run down every two hours. If I don’t wind them, the beam stops, and the next boat finds the reef the way you did.” She glanced at the clock. “Forty minutes.”',
      '“Can I help?”',
      '“Can you climb a hundred and twelve steps?”',
      'He looked at the spiral stair. The stair looked back. “Define climb.”',
    ],
    [
      'She let him come. He climbed with one hand flat against the wall and his eyes on her heels, and when they reached the lamp room he stood very still in the middle of the floor while the great lens turned around them, throwing light out into the rain.',
      '“You’re afraid of heights,” she said.',
      '“I’m a surveyor. I map the bottom of things.” He swallowed. “How long have you been out here alone?”',
      '“Two winters.” She fitted the crank and began to wind. “The supply boat comes on Thursdays. I talk to the radio operator about the weather. She thinks I’m very boring.”',
      '“I don’t.”',
      '“You’ve known me an hour.”',
      '“An hour and ten minutes. I’m very precise. It’s the job.” He came a step closer, still not looking down. “Why out here?”',
      'She wound three more turns before she answered. “I was engaged once, to a man who thought a good life was a quiet one. He wasn’t wrong, exactly. I just wanted the quiet to be mine.” The weight clanked home. “Your turn. Why were you out on the reef in a storm?”',
      '“Because the forecast said it would pass to the north, and I believed it.” He smiled. “And because my life in the city had got very small. I thought if I measured something big enough, I might feel the right size again.”',
      '“Did it work?”',
      'The beam swept over his face, and away, and back.',
      '“Ask me in the morning,” he said.',
    ],
    [
      'They climbed the stairs four more times that night. By the third trip he had stopped holding the wall. By the fourth he was telling her about his sister’s disastrous wedding, doing all the voices, and she laughed so hard she had to sit down on the top step with the crank across her knees.',
      '“There,” he said softly. “I wondered what that sounded like.”',
      '“What?”',
      '“You. Laughing. I had a theory.”',
      '“And?”',
      '“It’s better than the theory.”',
      'She looked at him for a long moment: the borrowed jumper, the salt drying in his hair, the light sliding across him every twelve seconds like a slow pulse. Then she stood, set the crank aside, and took his face in her hands.',
      '“Tell me to stop,” she said.',
      '“I’m afraid of heights,” Tomás said. “Not of you.”',
      'She kissed him. He made a small, surprised sound against her mouth and then kissed her back, carefully at first, as if she were a coastline he meant to get exactly right, and then not carefully at all. Below them the sea kept throwing itself at the rock. Above them the lamp kept turning. Neither of them looked at the clock.',
    ],
    [
      'At dawn the rain gave up and the fog came in, thick and white and total. The radio crackled.',
      '“Cape Sorrow, this is the supply boat. We can’t get out to you until this lifts. Tomorrow, maybe the day after. Your guest all right?”',
      'Ines looked across the kitchen. Tomás was asleep at the table with his head on his folded arms, the map case forgotten on the floor, her jumper still on.',
      '“He’s fine,” she said. “Take your time.”',
    ],
  ],
};

const nightTrain: SampleStory = {
  slug: 'mira-and-sol-night-train',
  title: 'Last Stop Before Morning',
  labelKey: 'samples.nightTrain',
  draft: {
    characterA: 'Mira',
    settingA:
      'Mira Valdés, 31, a touring cellist who never sleeps on trains. Sharp-tongued and guarded, secretly romantic. She likes to set the pace.',
    characterB: 'Sol',
    settingB:
      'Sol Achterberg, 33, the night attendant of the sleeper car. Unflappable and kind, knows every town by its lights. Lets Mira lead, then surprises her.',
    plot: 'On the overnight train to Amsterdam, a sleepless cellist calls the attendant about a broken heater. They share bad coffee, the names of the towns in the dark and one very quiet piece of music before the last stop before morning.',
    perspective: 'thirdPerson',
    isR18: 'R18',
    writingStyle: 'conversation',
    selectedLanguageForGen: 'en',
  },
  scenes: [
    [
      'At twelve minutes past two, somewhere between Passau and nowhere, the heating in compartment nine gave up, and Mira Valdés pressed the call button for the first time in eleven years of touring.',
      'The attendant arrived with a screwdriver in one hand and a thermos in the other, as if she had been expecting exactly this.',
      '“Let me guess,” she said. “The dial spins all the way round and nothing happens.”',
      '“It spins all the way round,” Mira said, “and something happens. It gets colder.”',
      '“That’s the car nine special.” The attendant crouched by the panel under the window. Her badge said SOL in capitals, and under it, smaller: German, Dutch, English, Train. “Coffee’s in the thermos. Cups are in the cupboard over your head. You look like someone who isn’t going to sleep anyway.”',
      'Mira poured two cups without quite deciding to. “Is it that obvious?”',
      '“Lamp on, blind up, shoes still on. And you bought a whole bed for your cello.” Sol nodded at the case strapped into the lower berth like a sleeping passenger. “People who buy a bed for their cello don’t sleep on trains. They stand guard.”',
      '“She’s older than both of us put together.”',
      '“Then she gets the bed.” Something in the panel gave a sullen click. “Ten minutes. If it isn’t warm by then I’ll move you both to compartment four. Four has a good heater and a man who snores like a ferry horn, so I’d hold out.”',
    ],
    [
      'The heater warmed up. Sol did not leave. She sat on the fold-down seat by the door, cup in hand, and pointed out each town as it slid past in the dark.',
      '“Plattling. Good bakery by the station, terrible coffee. Straubing, where the river bends. That orange glow is a car factory on the night shift.”',
      '“You know them all by their lights.”',
      '“Eleven years of nights. I’ve never seen most of them in daylight.” Sol tilted her head. “What’s the concert?”',
      '“Amsterdam. Tomorrow. Tonight. Whatever this is.” Mira turned the cup in her hands. “A Dvořák concerto I’ve played forty times, and I’m still frightened of the second movement.”',
      '“Why?”',
      '“Because it’s so quiet that everyone can hear whether you mean it.”',
      'Sol was silent for a moment. “Play me some.”',
      '“It’s two in the morning. There are people asleep on both sides of us.”',
      '“Then play it very quietly,” Sol said, “and mean it.”',
    ],
    [
      'Mira never knew afterwards why she said yes. Perhaps it was the hour, or the coffee, or the way Sol asked, as if it were the most reasonable request in the world. She unstrapped the case, fitted the practice mute, and played the opening of the second movement sitting on the edge of the berth, her knees almost touching Sol’s, the train rocking beneath them and the dark fields sliding by.',
      'It came out softer than she had ever played it. When she finished, Sol was no longer looking at the window.',
      '“Well,” Sol said, a little roughly. “They’ll hear it.”',
      '“Who will?”',
      '“Amsterdam.” Sol set down her cup. “I should do my rounds. The last stop before morning is Emmerich, in forty minutes. After that it’s all daylight and announcements.”',
      'Mira laid the bow across her lap. “Then come back after your rounds.”',
      '“And do what?”',
      '“Tell me the names of the towns,” Mira said. “I want to know what I’ve been sleeping through.”',
    ],
    [
      'Sol came back. She named Oberhausen and Wesel and the long black sweep of the Rhine, and somewhere near the border she stopped naming things, because Mira had taken her hand and was turning it over as if reading it.',
      '“You have calluses,” Mira said, surprised.',
      '“Screwdrivers. And three years of playing the guitar, badly.”',
      '“Play for me sometime.”',
      '“Badly?”',
      '“Meaning it.”',
      'The sky over the flat fields had begun to turn the grey of a pencil line. Sol looked at it, and then at Mira, and leaned in slowly enough that Mira could have turned away, and didn’t.',
      'The kiss tasted of terrible coffee and the end of a long night. When the train began to slow for Emmerich, neither of them let go.',
      '“Your stop is Amsterdam,” Sol murmured.',
      '“I know.” Mira rested her forehead against Sol’s. “There’s a seat free in the second row tonight. I’d like to play to someone who knows when I mean it.”',
      'Sol laughed, low, against her temple. “Does the cello like company?”',
      '“She’s starting to.”',
    ],
  ],
};

const dragonKeeper: SampleStory = {
  slug: 'you-and-the-dragon-keeper',
  title: 'The Keeper of the High Roost',
  labelKey: 'samples.dragonKeeper',
  draft: {
    characterA: 'Corvin',
    settingA:
      'Corvin Ashdown, 38, keeper of the last dragon roost in the Grey Peaks. Scarred hands, few words, endless patience. He takes the lead, slowly.',
    characterB: 'You',
    settingB:
      'A royal courier, 29, sent up the mountain with a letter nobody wants delivered. Brave, stubborn and bad with heights; you let him take the lead.',
    plot: 'You climb to the roost to deliver the crown’s order to surrender the last dragon. A snowstorm keeps you there overnight with the keeper, the old dragon and a letter you are no longer sure you want to deliver.',
    perspective: 'secondPerson',
    isR18: 'R18',
    writingStyle: 'conversation',
    selectedLanguageForGen: 'en',
  },
  scenes: [
    [
      'The letter has been heavy in your coat for three days, and by the time you reach the roost it feels like a stone.',
      'The path ends at a door cut into the mountain. Snow is already falling sideways. You knock with a numb fist, and the door opens before your second knock, and the first thing you see is not the keeper but the eye: amber, enormous, half-lidded, regarding you over his shoulder from the dark.',
      '“Don’t run,” says the keeper. “She likes people who don’t run.”',
      '“I wasn’t going to run,” you say, which is a lie, and he knows it, because one corner of his mouth lifts.',
      '“Corvin Ashdown.” He steps aside. “You’ll be the courier. They sent word you were coming. Get in before you freeze to my step.”',
      'Inside, the roost is a cavern warmed by the dragon herself. She lies coiled around a pit of banked coals, ash-grey scales glinting copper where the light catches them, and she follows you across the floor with one slow eye.',
      '“Her name is Ember,” Corvin says, handing you a cup of something hot and smoky. “She’s a hundred and forty years old, the last of her line, and she knows exactly why you’re here.”',
      'You wrap your hands around the cup. “Do you?”',
      '“The crown wants her moved to the capital. A marvel for the court’s menagerie.” He sits across the fire from you. His forearms are laced with old burn scars, pale against his skin. “You can hand me the letter now, or drink your tea first. The answer will be the same either way.”',
      '“Which is?”',
      '“No.”',
    ],
    [
      'The storm closes the path within the hour. There is no question of you leaving. Corvin makes up a second bed of furs by the fire without asking, and you let him.',
      '“You’re bad with heights,” he says, not unkindly, over a supper of bread and hard cheese.',
      '“How can you tell?”',
      '“You came up the last ridge on your hands and knees. I watched you from the ledge.” He tears the bread in half and gives you the larger piece. “Brave of you. Foolish, but brave.”',
      '“They said it was urgent.”',
      '“They always say that.” He looks at Ember, who has laid her great head on her forelegs and closed her eyes. “Tell me honestly. Have you ever seen the menagerie?”',
      'You have. You remember the bars. You remember a bear pacing the same four steps, over and over, until the ground beneath it was bare.',
      'You don’t say anything. You don’t have to. He watches your face and nods slowly, as if you have answered a question he never asked.',
    ],
    [
      'Later, when the fire has burned low and the wind is howling across the mouth of the cave, you can’t sleep. You find him at the entrance, watching the snow, one shoulder against the rock.',
      '“Can I ask you something?”',
      '“You’re going to anyway.”',
      '“Why stay up here alone? All these years.”',
      '“I’m not alone.” He tips his head towards the fire, where Ember breathes in slow, rumbling tides. Then, more quietly: “But it’s been a long time since anyone climbed that ridge for any reason at all. Even a bad one.”',
      'You take the letter out of your coat. The royal seal looks as red as a wound in the snowlight. He looks at it, and then at you, and waits. He is very good at waiting. You suspect he could wait a hundred and forty years.',
      '“If I don’t deliver it,” you say, “they’ll send someone else.”',
      '“Maybe. In spring. The pass is closed until then.” His voice is very low. “That’s a long winter to decide what you want to tell them.”',
      'You turn the letter over once in your hands. Then you walk back to the fire and lay it on the coals.',
      'Ember opens one amber eye and watches the seal blister and curl. She makes a sound deep in her chest that, in a smaller creature, might have been a purr.',
    ],
    [
      'When you turn around, Corvin is right behind you. He takes your cold hands in his scarred ones and holds them, simply holds them, until the feeling comes back into your fingers.',
      '“You’ll have to stay until spring,” he says. “Now that you’ve no letter to carry home.”',
      '“I’m bad with heights,” you remind him. “I might need someone to hold on to.”',
      '“I know,” he says, and this time he smiles with his whole mouth. He bends his head and kisses you slowly, the way snow settles, as if there is all the time in the world. Behind you, Ember sighs and folds her wings, and the storm goes on without any of you.',
    ],
  ],
};

export const SAMPLE_STORIES: readonly SampleStory[] = [lighthouse, nightTrain, dragonKeeper];

export const findSample = (slug: string): SampleStory | undefined => SAMPLE_STORIES.find((story) => story.slug === slug);

/** Words in a story, for the reading time. */
export const storyWords = (story: SampleStory): number =>
  story.scenes.flat().reduce((total, paragraph) => total + paragraph.split(/\s+/).filter(Boolean).length, 0);
