// The public surface of features/staff (decision 0830): what other features use of it. They
// import it from here, never from a file inside the folder.
export { StaffCard } from './staff-card';
