/*
 * The contract's address of the cost centre select (decision 075). Features do not import each
 * other (eslint, design.md section 3), so the select itself lives in src/web/components/cost-centres
 * where the order page's checkout and the meeting form import it; this feature re-exports it.
 */
export { CostCentreSelect, costCentreChoicesKey, type CostCentreSelectProps } from '../../components/cost-centres/cost-centre-select';
