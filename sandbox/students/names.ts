/** Word lists for generated students: varied, realistic, ASCII-safe for e-mail local parts. */

export const FEMALE_FIRST_NAMES = [
	'Amara', 'Olivia', 'Emma', 'Sophia', 'Isabella', 'Mia', 'Charlotte', 'Amelia', 'Harper', 'Evelyn',
	'Abigail', 'Emily', 'Ella', 'Elizabeth', 'Camila', 'Luna', 'Sofia', 'Avery', 'Mila', 'Aria',
	'Scarlett', 'Penelope', 'Layla', 'Chloe', 'Victoria', 'Madison', 'Eleanor', 'Grace', 'Nora', 'Riley',
	'Zoey', 'Hannah', 'Hazel', 'Lily', 'Ellie', 'Violet', 'Lillian', 'Zoe', 'Stella', 'Aurora',
	'Natalie', 'Emilia', 'Everly', 'Leah', 'Aubrey', 'Willow', 'Addison', 'Lucy', 'Audrey', 'Bella',
	'Nova', 'Brooklyn', 'Paisley', 'Savannah', 'Claire', 'Skylar', 'Isla', 'Genesis', 'Naomi', 'Elena',
	'Aaliyah', 'Fatima', 'Priya', 'Ananya', 'Mei', 'Yuki', 'Sakura', 'Ngozi', 'Chiamaka', 'Adaeze',
	'Ximena', 'Valentina', 'Lucia', 'Ines', 'Amira', 'Leila', 'Zara', 'Anya', 'Freya', 'Siobhan',
	'Maya', 'Keira', 'Noor', 'Hana', 'Aisha', 'Imani', 'Esperanza', 'Marisol', 'Thandiwe', 'Ayesha',
];

export const MALE_FIRST_NAMES = [
	'Liam', 'Noah', 'Oliver', 'Elijah', 'James', 'William', 'Benjamin', 'Lucas', 'Henry', 'Theodore',
	'Jack', 'Levi', 'Alexander', 'Jackson', 'Mateo', 'Daniel', 'Michael', 'Mason', 'Sebastian', 'Ethan',
	'Logan', 'Owen', 'Samuel', 'Jacob', 'Asher', 'Aiden', 'John', 'Joseph', 'Wyatt', 'David',
	'Leo', 'Luke', 'Julian', 'Hudson', 'Grayson', 'Matthew', 'Ezra', 'Gabriel', 'Carter', 'Isaac',
	'Jayden', 'Luca', 'Anthony', 'Dylan', 'Lincoln', 'Thomas', 'Maverick', 'Elias', 'Josiah', 'Charles',
	'Caleb', 'Christopher', 'Ezekiel', 'Miles', 'Jaxon', 'Isaiah', 'Andrew', 'Joshua', 'Nathan', 'Nolan',
	'Chidi', 'Emeka', 'Oluwaseun', 'Kwame', 'Kofi', 'Arjun', 'Rohan', 'Vikram', 'Hiroshi', 'Kenji',
	'Wei', 'Jun', 'Santiago', 'Diego', 'Alejandro', 'Omar', 'Yusuf', 'Ibrahim', 'Tariq', 'Malik',
	'Rafael', 'Mohammed', 'Finn', 'Cian', 'Rhys', 'Tobias', 'Mikael', 'Anders', 'Dmitri', 'Sipho',
];

export const NEUTRAL_FIRST_NAMES = [
	'Alex', 'Jordan', 'Taylor', 'Morgan', 'Casey', 'Jamie', 'Quinn', 'Rowan', 'Sage', 'River',
	'Emerson', 'Finley', 'Hayden', 'Kai', 'Reese', 'Remy', 'Robin', 'Sasha', 'Skyler', 'Charlie',
];

export const LAST_NAMES = [
	'Okafor', 'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez',
	'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson',
	'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis',
	'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill',
	'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter',
	'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins',
	'Reyes', 'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan',
	'Cooper', 'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward',
	'Richardson', 'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz',
	'Hughes', 'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster',
	'Adeyemi', 'Mensah', 'Nwosu', 'Eze', 'Abubakar', 'Mwangi', 'Otieno', 'Dlamini', 'Khumalo', 'Haddad',
	'Khan', 'Ali', 'Hussain', 'Rahman', 'Sharma', 'Gupta', 'Singh', 'Iyer', 'Reddy', 'Chen',
	'Wang', 'Li', 'Zhang', 'Liu', 'Yamamoto', 'Tanaka', 'Sato', 'Park', 'Choi', 'Tran',
	'Kowalski', 'Novak', 'Ivanova', 'Petrov', 'Schmidt', 'Muller', 'Rossi', 'Bianchi', 'Silva', 'Santos',
	'Oconnor', 'Obrien', 'Murray', 'Fraser', 'Lindqvist', 'Jensen', 'Dubois', 'Moreau', 'Fernandez', 'Costa',
];

export const NICKNAMES: Record<string, string> = {
	Elizabeth: 'Liz', Alexander: 'Alex', Benjamin: 'Ben', William: 'Will', Theodore: 'Teddy',
	Christopher: 'Chris', Matthew: 'Matt', Samuel: 'Sam', Nathan: 'Nate', Joshua: 'Josh',
	Michael: 'Mike', Daniel: 'Danny', Victoria: 'Tori', Isabella: 'Bella', Abigail: 'Abby',
	Penelope: 'Penny', Madison: 'Maddie', Eleanor: 'Ellie', Natalie: 'Nat', Oluwaseun: 'Seun',
	Chiamaka: 'Amaka', Alejandro: 'Alex', Mohammed: 'Mo', Valentina: 'Vale', Anthony: 'Tony',
	Jacob: 'Jake', Charles: 'Charlie', Gabriel: 'Gabe', Zachary: 'Zach', Oliver: 'Ollie',
};

export const STREET_NAMES = [
	'Elm', 'Oak', 'Maple', 'Cedar', 'Pine', 'Birch', 'Willow', 'Chestnut', 'Walnut', 'Spruce',
	'Main', 'Park', 'Lake', 'Hill', 'River', 'Church', 'Washington', 'Lincoln', 'Jefferson', 'Madison',
	'Franklin', 'Highland', 'Sunset', 'Meadow', 'Orchard', 'Prospect', 'Fairview', 'Ridge', 'Valley', 'Spring',
];
export const STREET_SUFFIXES = ['Street', 'Avenue', 'Road', 'Lane', 'Drive', 'Court', 'Place', 'Way'];

/** Springfield and its neighbours, with plausible ZIP codes. */
export const CITIES: ReadonlyArray<readonly [string, string]> = [
	['Springfield', '49503'], ['Springfield', '49505'], ['Springfield', '49507'], ['Shelbyville', '49512'],
	['Ogdenville', '49519'], ['North Haverbrook', '49525'], ['Capital City', '49546'], ['Brockway', '49548'],
];
